import { createClient, isApiError } from '@org/client';
import { type ErrorStatus, errorBodySchemaFor } from '@org/model';
import type { PactV4 } from '@pact-foundation/pact';
import { expect } from 'vitest';
import { withUnrecordedMatchRetry } from '../../src/unrecorded-match.js';
import { freshConnectionFetch } from '../support/fresh-connection-fetch.js';
import type { ContractInteraction } from './interactions.js';

type JsonMap = Parameters<ReturnType<PactV4['addInteraction']>['given']>[1];
type TemplateHeaders = Parameters<
  Parameters<ReturnType<ReturnType<PactV4['addInteraction']>['withRequest']>['willRespondWith']>[1] & {}
>[0] extends { headers(h: infer H): unknown }
  ? H
  : never;

/**
 * Declares one interaction on the pact and drives the real @org/client against Pact's mock
 * server: the client must send exactly the recorded request and accept the recorded response
 * (validated with the model's schemas), or surface the error as ApiError with the documented error body.
 * Run again when Pact had not yet recorded the match of a request it answered (unrecorded-match.ts).
 */
export function runInteraction(pact: PactV4, interaction: ContractInteraction): Promise<void> {
  return withUnrecordedMatchRetry((answered) => declareAndRun(pact, interaction, answered));
}

async function declareAndRun(pact: PactV4, interaction: ContractInteraction, answered: () => void) {
  const { request, response } = interaction;
  let step = pact.addInteraction();
  for (const s of interaction.states) step = step.given(s.name, s.params as JsonMap);
  await step
    .uponReceiving(interaction.description)
    .withRequest(request.method, request.path, (b) => {
      if (Object.keys(request.query).length) b.query(request.query);
      b.headers(request.headers);
      if (request.body?.json !== undefined) b.jsonBody(request.body.json);
      else if (request.body?.text !== undefined)
        b.body(request.body.contentType, Buffer.from(request.body.text));
    })
    .willRespondWith(interaction.status, (b) => {
      if (Object.keys(response.headers).length) b.headers(response.headers as TemplateHeaders);
      if (response.body !== undefined) b.jsonBody(response.body);
    })
    .executeTest(async (mock) => {
      const client = createClient({
        baseUrl: mock.url,
        fetch: freshConnectionFetch,
        retry: false,
        validateResponses: true,
        ...interaction.client,
      });
      const outcome = await client.send(interaction.endpoint, interaction.input as never).then(
        (ok) => ({ ok }),
        (error: unknown) => ({ error }),
      );
      if (interaction.status < 300) {
        if ('error' in outcome) throw outcome.error;
        expect(outcome.ok.status).toBe(interaction.status);
        answered();
        return;
      }
      if (!('error' in outcome)) throw new Error(`expected ${interaction.status}, got ${outcome.ok.status}`);
      const { error } = outcome;
      if (!isApiError(error, interaction.status)) throw error;
      expect(errorBodySchemaFor(interaction.status as ErrorStatus).safeParse(error.body).success).toBe(true);
      answered();
    });
}
