import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface BrokerAuth {
  readonly PACT_BROKER_TOKEN?: string | undefined;
  readonly PACT_BROKER_USERNAME?: string | undefined;
  readonly PACT_BROKER_PASSWORD?: string | undefined;
}

export interface PublishOptions {
  readonly brokerUrl: string;
  readonly pactDir: string;
  readonly consumerVersion: string;
  readonly branch?: string;
  /** Bearer token or basic credentials, as the Pact CLI reads them from the environment. */
  readonly auth?: BrokerAuth;
  readonly fetch?: (url: string, init: RequestInit) => Promise<Response>;
}

export interface PublishedPact {
  readonly consumer: string;
  readonly provider: string;
  readonly url: string;
}

/** The Authorization header for the broker, from PACT_BROKER_TOKEN or PACT_BROKER_USERNAME/PASSWORD. */
export function brokerAuthorization(auth: BrokerAuth = {}): Record<string, string> {
  if (auth.PACT_BROKER_TOKEN) return { Authorization: `Bearer ${auth.PACT_BROKER_TOKEN}` };
  if (auth.PACT_BROKER_USERNAME)
    return {
      Authorization: `Basic ${Buffer.from(`${auth.PACT_BROKER_USERNAME}:${auth.PACT_BROKER_PASSWORD ?? ''}`).toString('base64')}`,
    };
  return {};
}

/** The same credentials as a broker source of `verifyProvider` takes them: a token, or a username and password. */
export function brokerCredentials(auth: BrokerAuth = {}): {
  token?: string;
  username?: string;
  password?: string;
} {
  return {
    ...(auth.PACT_BROKER_TOKEN ? { token: auth.PACT_BROKER_TOKEN } : {}),
    ...(auth.PACT_BROKER_USERNAME
      ? { username: auth.PACT_BROKER_USERNAME, password: auth.PACT_BROKER_PASSWORD ?? '' }
      : {}),
  };
}

const enc = encodeURIComponent;

/**
 * Publishes every pact file of a directory to a Pact Broker with its HTTP API: the consumer
 * version is created with the pact, and tagged with its branch when one is given.
 */
export async function publishPacts(options: PublishOptions): Promise<PublishedPact[]> {
  const base = options.brokerUrl.replace(/\/+$/, '');
  const send = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const headers = {
    'Content-Type': 'application/json',
    Accept: 'application/hal+json',
    ...brokerAuthorization(options.auth),
  };
  const published: PublishedPact[] = [];
  for (const file of readdirSync(options.pactDir).filter((f) => f.endsWith('.json'))) {
    const text = readFileSync(join(options.pactDir, file), 'utf8');
    const pact = JSON.parse(text) as { consumer: { name: string }; provider: { name: string } };
    const consumer = pact.consumer.name;
    const provider = pact.provider.name;
    if (options.branch) {
      const branchUrl = `${base}/pacticipants/${enc(consumer)}/branches/${enc(options.branch)}/versions/${enc(options.consumerVersion)}`;
      const res = await send(branchUrl, { method: 'PUT', headers, body: '{}' });
      if (!res.ok)
        throw new Error(`Pact Broker: PUT ${branchUrl} answered ${res.status} ${await res.text()}`);
    }
    const url = `${base}/pacts/provider/${enc(provider)}/consumer/${enc(consumer)}/version/${enc(options.consumerVersion)}`;
    const res = await send(url, { method: 'PUT', headers, body: text });
    if (!res.ok) throw new Error(`Pact Broker: PUT ${url} answered ${res.status} ${await res.text()}`);
    published.push({ consumer, provider, url });
  }
  return published;
}
