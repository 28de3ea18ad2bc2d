import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EndpointDefinition, type ErrorStatus, endpoints, type ProviderState } from '@org/model';
import type { z } from 'zod/v4';
import { parsedJson } from '../document/json.js';
import type { OpenApiDocument } from '../document/openapi-document.js';
import { endpointById } from '../endpoint-lookup.js';
import { errorBodySchemaFor } from '../error-bodies.js';
import { judgeExchange } from '../exchange/judge-exchange.js';
import { judgedDocumentOf, publishedDocument } from '../exchange/judged-document.js';
import { isSecretName } from '../exchange/redact.js';
import type { RecordedExchange } from '../exchange/types.js';
import { type PactTemplate, pactMatchersFor } from '../matchers/pact-matchers-for.js';
import { PROVIDER_NAME } from '../provider/provider-name.js';
import { withUnrecordedMatchRetry } from '../unrecorded-match.js';
import { type HarExchange, readHarFile } from './read-har.js';
import { recordedStatesOf } from './recorded-states.js';

/** The organization token of `reference-server --sandbox`: what the pact's requests carry by default. */
export const SANDBOX_ORGANIZATION_TOKEN = 'demo-org-token';

export interface HarToPactOptions {
  readonly consumer: string;
  /** Default customer-messaging-api. */
  readonly provider?: string;
  /** Where the pact is written; default `pacts`. */
  readonly out?: string;
  /**
   * The token the pact's requests carry where the recorded ones carried one (a HAR of the proxy has
   * it redacted): the verified provider's. Default the sandbox's.
   */
  readonly token?: string;
  readonly document?: OpenApiDocument;
}

/** An entry of the HAR that is not in the pact, and why. */
export interface LeftOutEntry {
  readonly source: string;
  readonly method: string;
  readonly url: string;
  readonly reason: string;
}

export interface HarToPactResult {
  /** The pact file written; undefined when no entry made an interaction. */
  readonly file: string | undefined;
  readonly interactions: number;
  readonly leftOut: readonly LeftOutEntry[];
}

/** One interaction as Pact's builder takes it. */
interface RecordedInteraction {
  readonly description: string;
  readonly states: readonly ProviderState[];
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string[]>;
  readonly headers: Record<string, string>;
  readonly body: { readonly contentType: string; readonly text: string; readonly json?: unknown } | undefined;
  readonly status: number;
  readonly responseHeaders: Record<string, unknown>;
  readonly responseBody: PactTemplate | undefined;
}

/** Request headers a pact pins: what the API reads of a request, never a transport's. */
const PINNED_REQUEST_HEADERS = ['content-type', 'service-operator-id', 'service-organization-id'];

/** The model's schema of a status' body: the success schema, the error body of its status, or null for none. */
function bodySchemaOf(operationId: string, status: number): z.ZodType | null {
  const ep = endpointById(operationId);
  if (status < 300) return (ep.success as Partial<Record<number, z.ZodType | null>>)[status] ?? null;
  return errorBodySchemaFor(operationId as keyof typeof endpoints, status as ErrorStatus) as z.ZodType;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * An exchange the engine judged clean, as an interaction: the request as sent (its token replaced
 * by the verified provider's), the answer's status, content type and body through
 * `pactMatchersFor`, and the states that make the answer true. Throws with the reason it cannot.
 */
function interactionOf(
  { exchange, origin }: HarExchange,
  operationId: string,
  pathParams: Readonly<Record<string, string>>,
  token: string,
): Omit<RecordedInteraction, 'description'> {
  const { request, response } = exchange;
  const headers: Record<string, string> = {};
  const authorization = request.headers.get('authorization');
  if (authorization !== null) headers.Authorization = token;
  for (const name of PINNED_REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null && !isSecretName(name))
      headers[name.replace(/(^|-)\w/g, (c) => c.toUpperCase())] = value;
  }
  const requestJson = parsedJson(request.body ?? '');
  const contentType = request.headers.get('content-type') ?? 'application/json';
  const responseJson = parsedJson(response.body ?? '');
  const schema = bodySchemaOf(operationId, response.status);
  let responseBody: PactTemplate | undefined;
  if (schema && responseJson) {
    const results = (responseJson.value as { results?: unknown[] } | null)?.results;
    responseBody = pactMatchersFor(schema, responseJson.value as never, {
      ...(Array.isArray(results) && results.length ? { nonEmpty: ['results'] } : {}),
    });
  } else if (response.body) throw new Error(`its ${response.status} body is not JSON the model describes`);
  const responseType = response.headers.get('content-type');
  const mediaType = responseType?.split(';')[0]?.trim();
  const ep = endpoints[operationId as keyof typeof endpoints] as EndpointDefinition;
  return {
    states: recordedStatesOf(ep, response.status, {
      params: pathParams,
      query: request.query,
      body: requestJson?.value,
      response: responseJson?.value,
    }),
    method: origin.method,
    path: request.path,
    query: request.query.reduce<Record<string, string[]>>((all, [name, value]) => {
      (all[name] ??= []).push(value);
      return all;
    }, {}),
    headers,
    body: request.body
      ? {
          contentType,
          text: request.body,
          // JSON text sent as another type (a 415 case) stays text, as sent.
          ...(requestJson && /\bjson\b/i.test(contentType) ? { json: requestJson.value } : {}),
        }
      : undefined,
    status: response.status,
    // The media type is the contract; its parameters (charset) are the server's to choose.
    responseHeaders: mediaType
      ? {
          'Content-Type': {
            'pact:matcher:type': 'regex',
            regex: `^${escaped(mediaType)}(\\s*;.*)?$`,
            value: responseType,
          },
        }
      : {},
    responseBody,
  };
}

/** Statuses a reset sandbox gives only under load or failure: not reproducible by a provider state. */
const unreproducible = (status: number) => status === 429 || status >= 500;

/**
 * The interactions of HAR entries: only those of the API's paths that the engine judged clean (in
 * its strict reading, as a pact pins the model's fields), one per distinct request and status, in
 * the order recorded. Every other entry is left out with its reason.
 */
export async function harInteractions(
  files: readonly string[],
  options: Pick<HarToPactOptions, 'token' | 'document'> = {},
): Promise<{ interactions: RecordedInteraction[]; leftOut: LeftOutEntry[] }> {
  const entries = files.flatMap((file) => readHarFile(file));
  const judged = judgedDocumentOf(options.document ?? (await publishedDocument()));
  const token = options.token ?? SANDBOX_ORGANIZATION_TOKEN;
  const interactions: RecordedInteraction[] = [];
  const leftOut: LeftOutEntry[] = [];
  const seen = new Map<string, string>();
  for (const entry of entries) {
    const { exchange, origin } = entry;
    const source = origin.source ?? origin.url;
    const leave = (reason: string) =>
      leftOut.push({ source, method: origin.method, url: origin.url, reason });
    const matched = judged.operations.match(exchange.request.method, exchange.request.path);
    if (!matched) {
      leave('not an operation of the API');
      continue;
    }
    const judgement = judgeExchange(judged, exchange as RecordedExchange, { strict: true });
    if (judgement.findings.length) {
      const checks = [...new Set(judgement.findings.map((f) => f.check))].join(', ');
      leave(`the engine found ${judgement.findings.length} violation(s): ${checks}`);
      continue;
    }
    if (origin.bodyNotJudged) {
      leave('its response body was not recorded');
      continue;
    }
    if (unreproducible(exchange.response.status)) {
      leave(`a ${exchange.response.status} answer, which no provider state reproduces`);
      continue;
    }
    const key = `${origin.method} ${origin.url} ${exchange.response.status} ${exchange.request.body ?? ''}`;
    const earlier = seen.get(key);
    if (earlier) {
      leave(`the same request and status as ${earlier}`);
      continue;
    }
    try {
      const made = interactionOf(entry, matched.op.id, matched.pathParams, token);
      seen.set(key, source);
      interactions.push({
        ...made,
        description: `${matched.op.id}: ${made.status} for ${origin.method} ${origin.url} (${interactions.length + 1})`,
      });
    } catch (error) {
      leave(`the model cannot describe it: ${(error as Error).message}`);
    }
  }
  return { interactions, leftOut };
}

/** `@pact-foundation/pact`, an optional peer dependency: loaded when a pact is written. */
async function loadPact(): Promise<typeof import('@pact-foundation/pact')> {
  try {
    return await import('@pact-foundation/pact');
  } catch (error) {
    throw new Error(
      `har-to-pact needs @pact-foundation/pact: npm install --save-dev @pact-foundation/pact (${(error as Error).message})`,
    );
  }
}

type Pact = InstanceType<Awaited<ReturnType<typeof loadPact>>['PactV4']>;
type JsonMap = Parameters<ReturnType<Pact['addInteraction']>['given']>[1];

/**
 * Writes one interaction through Pact's own builder and mock server, sending the recorded request
 * to it: Pact checks that the request matches what it writes, and the file is Pact's V4.
 */
function writeInteraction(pact: Pact, interaction: RecordedInteraction): Promise<void> {
  return withUnrecordedMatchRetry(async function declareAndSend(answered) {
    let step = pact.addInteraction();
    for (const s of interaction.states) step = step.given(s.name, s.params as JsonMap);
    const { body } = interaction;
    await step
      .uponReceiving(interaction.description)
      .withRequest(interaction.method, interaction.path, (b) => {
        if (Object.keys(interaction.query).length) b.query(interaction.query);
        if (Object.keys(interaction.headers).length) b.headers(interaction.headers);
        if (body?.json !== undefined) b.jsonBody(body.json);
        else if (body) b.body(body.contentType, Buffer.from(body.text));
      })
      .willRespondWith(interaction.status, (b) => {
        if (Object.keys(interaction.responseHeaders).length) b.headers(interaction.responseHeaders as never);
        if (interaction.responseBody !== undefined) b.jsonBody(interaction.responseBody);
      })
      .executeTest(async (mock) => {
        const query = new URLSearchParams(
          Object.entries(interaction.query).flatMap(([name, values]) => values.map((v) => [name, v])),
        ).toString();
        const answer = await fetch(`${mock.url}${interaction.path}${query ? `?${query}` : ''}`, {
          method: interaction.method,
          headers: { ...interaction.headers, Connection: 'close' },
          ...(body ? { body: body.text } : {}),
        });
        await answer.arrayBuffer();
        if (answer.status !== interaction.status)
          throw new Error(`Pact's mock server answered ${answer.status} to ${interaction.description}`);
        answered();
      });
  });
}

/**
 * Turns the recorded exchanges of HAR 1.2 files into a Pact V4 pact (`<consumer>-<provider>.json`
 * in `out`, replaced when it exists): the loop from real traffic to a pact that runs against the
 * reference server's sandbox (`contracts verify --sandbox`).
 */
export async function harToPact(
  files: readonly string[],
  options: HarToPactOptions,
): Promise<HarToPactResult> {
  const { interactions, leftOut } = await harInteractions(files, options);
  if (!interactions.length) return { file: undefined, interactions: 0, leftOut };
  const { PactV4 } = await loadPact();
  const provider = options.provider ?? PROVIDER_NAME;
  // Pact merges into an existing file; written in a fresh folder, the pact holds only this HAR's interactions.
  const scratch = mkdtempSync(join(tmpdir(), 'har-to-pact-'));
  try {
    const pact = new PactV4({ consumer: options.consumer, provider, dir: scratch, logLevel: 'error' });
    for (const interaction of interactions) await writeInteraction(pact, interaction);
    const name = `${options.consumer}-${provider}.json`;
    const out = options.out ?? 'pacts';
    mkdirSync(out, { recursive: true });
    const file = join(out, name);
    copyFileSync(join(scratch, name), file);
    return { file, interactions: interactions.length, leftOut };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
