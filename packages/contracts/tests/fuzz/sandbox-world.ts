import type { WorldTokens } from './planted-faults.js';

async function post(url: string, body: unknown, token?: string): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** A few records of an organization: contacts, conversations and notes, for the walks and the pools. */
async function populate(serverUrl: string, token: string): Promise<void> {
  const record = (table: string, body: unknown) =>
    post(`${serverUrl}/_sandbox/records/${table}`, body, token);
  const contacts = await Promise.all(
    [1, 2, 3].map((i) =>
      record('contact_identities', { name: `Planted Contact ${i}`, email: `contact${i}@example.org` }),
    ),
  );
  for (const contact of contacts.slice(0, 2)) {
    await record('conversations', { contact_identity_id: contact.id });
    await record('notes', { contact_identity_id: contact.id, body: 'A note.' });
  }
}

/**
 * A world of its own inside the running sandbox (POST /_sandbox/worlds): two organizations with a
 * few records each, so that fault runs do not see each other's records and can run at once.
 */
export async function newWorld(serverUrl: string): Promise<WorldTokens> {
  const world = (await post(`${serverUrl}/_sandbox/worlds`, { organizations: 2 })) as {
    organizations: Array<{ token: string }>;
  };
  const [own, other] = world.organizations.map((o) => o.token);
  await Promise.all([populate(serverUrl, own!), populate(serverUrl, other!)]);
  return { token: own!, otherToken: other! };
}
