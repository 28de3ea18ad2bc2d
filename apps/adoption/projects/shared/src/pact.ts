// A consumer pact as a consuming team writes it: the exported matchers and provider states, the
// client driven against Pact's mock server. The provider side is `verifyProvider` of @org/contracts.
import { createClient, isApiError } from '@org/client';
import {
  errorBodySchemaFor,
  PROVIDER_NAME,
  PROVIDER_STATES,
  pactMatchersFor,
  providerState,
} from '@org/contracts';
import { conversationDetailExample, endpoints, errorBody, noteExample } from '@org/model';
import { PactV4 } from '@pact-foundation/pact';

/** The token the pact carries: the reference server's demo token, so verification runs with its defaults. */
export const PACT_TOKEN = 'demo-org-token';
const MISSING_NOTE = 999_999;

/** Writes `<dir>/<consumer>-<PROVIDER_NAME>.json` with three interactions; rejects when the client disagrees. */
export async function writeConsumerPact(consumer: string, dir: string): Promise<number> {
  const pact = new PactV4({ consumer, provider: PROVIDER_NAME, dir, logLevel: 'error' });
  const auth = { Authorization: PACT_TOKEN };
  const clientAt = (baseUrl: string) => createClient({ baseUrl, token: PACT_TOKEN, validateResponses: true });
  let interactions = 0;

  await pact
    .addInteraction()
    .given(...providerState(PROVIDER_STATES.conversationExists, { id: conversationDetailExample.id }))
    .uponReceiving('a request for one conversation')
    .withRequest('GET', `/api/um/v3/conversations/${conversationDetailExample.id}/`, (b) => b.headers(auth))
    .willRespondWith(200, (b) =>
      b.jsonBody(pactMatchersFor(endpoints.getConversation.success[200], conversationDetailExample)),
    )
    .executeTest(async (mock) => {
      const got = await clientAt(mock.url).request('getConversation', {
        params: { id: conversationDetailExample.id },
      });
      if (got.id !== conversationDetailExample.id) throw new Error(`got conversation ${got.id}`);
      interactions += 1;
    });

  const contact = noteExample.contact_identity_id;
  await pact
    .addInteraction()
    .given(...providerState(PROVIDER_STATES.notesAboutContact, { contact, count: 2 }))
    .uponReceiving('a request for the notes of a contact')
    .withRequest('GET', '/api/um/v3/notes/', (b) =>
      b.query({ contact_identity_id: String(contact) }).headers(auth),
    )
    .willRespondWith(200, (b) =>
      b.jsonBody(
        pactMatchersFor(
          endpoints.listNotes.success[200],
          { count: 1, next: null, previous: null, results: [noteExample] },
          { nonEmpty: ['results'] },
        ),
      ),
    )
    .executeTest(async (mock) => {
      const page = await clientAt(mock.url).request('listNotes', { query: { contact_identity_id: contact } });
      if (page.results[0]?.contact_identity_id !== contact)
        throw new Error('the note is about another contact');
      interactions += 1;
    });

  await pact
    .addInteraction()
    .given(...providerState(PROVIDER_STATES.noResource, { resource: 'note', id: MISSING_NOTE }))
    .uponReceiving('a request for a note that does not exist')
    .withRequest('GET', `/api/um/v3/notes/${MISSING_NOTE}/`, (b) => b.headers(auth))
    .willRespondWith(404, (b) =>
      b.jsonBody(pactMatchersFor(errorBodySchemaFor('getNote', 404), errorBody('not_found', 'Not found.'))),
    )
    .executeTest(async (mock) => {
      const missing = await clientAt(mock.url)
        .request('getNote', { params: { id: MISSING_NOTE } })
        .then(
          () => false,
          (error: unknown) => isApiError(error, 404) && error.code === 'not_found',
        );
      if (!missing) throw new Error('the client did not report the 404');
      interactions += 1;
    });
  return interactions;
}

/**
 * Writes `<dir>/<consumer>-<PROVIDER_NAME>.json` with one interaction whose state is the general
 * `a conversation exists` with a chosen id, as a team writes it for a running sandbox
 * (`contracts verify --base-url … --sandbox` sets the state up there).
 */
export async function writeSandboxPact(consumer: string, dir: string): Promise<number> {
  const pact = new PactV4({ consumer, provider: PROVIDER_NAME, dir, logLevel: 'error' });
  const id = 1042;
  await pact
    .addInteraction()
    .given('a conversation exists', { id })
    .uponReceiving('a request for conversation 1042')
    .withRequest('GET', `/api/um/v3/conversations/${id}/`, (b) => b.headers({ Authorization: PACT_TOKEN }))
    .willRespondWith(200, (b) =>
      b.jsonBody(
        pactMatchersFor(endpoints.getConversation.success[200], { ...conversationDetailExample, id }),
      ),
    )
    .executeTest(async (mock) => {
      const got = await createClient({ baseUrl: mock.url, token: PACT_TOKEN }).request('getConversation', {
        params: { id },
      });
      if (got.id !== id) throw new Error(`got conversation ${got.id}`);
    });
  return 1;
}
