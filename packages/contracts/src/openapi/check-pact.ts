import { readFileSync } from 'node:fs';
import type { OpenApiDocument } from '../document/openapi-document.js';
import { type JudgeOptions, judgeExchange } from '../exchange/judge-exchange.js';
import type { ExchangeFinding, RecordedExchange } from '../exchange/types.js';
import { swaggerMockValidatorFindings } from './cross-check.js';
import type { OpenApiCheck, OpenApiFinding } from './findings.js';
import { exchangeOfInteraction, isHttpInteraction, type PactInteraction } from './pact-exchanges.js';

export type { OpenApiCheck, OpenApiFinding };

/** A pact or an OpenAPI document: a file path, or the parsed JSON. */
export type JsonSource = string | object;

function readJson<T>(source: JsonSource): T {
  if (typeof source !== 'string') return structuredClone(source) as T;
  let text: string;
  try {
    text = readFileSync(source, 'utf8');
  } catch (error) {
    throw new Error(`cannot read ${source}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new Error(`${source} is not JSON: ${(error as Error).message}`);
  }
}

export interface CheckPactOptions {
  /** The OpenAPI 3.0 document (file or JSON); default: the one published with @org/model. */
  readonly openapi?: JsonSource;
  /**
   * Require every property the document marks required in each response body of the pact. Off by
   * default: a consumer's pact holds only the fields it reads (pick them with zod's `pick`). The
   * project's own pacts, which list whole records, turn it on.
   */
  readonly requireAllProperties?: boolean;
  /**
   * Also run @pactflow/swagger-mock-validator (when it is installed) and add its findings: a second
   * opinion from the validator PactFlow runs for bi-directional contracts.
   */
  readonly crossCheck?: boolean;
}

/** The validator's code of a finding of the engine, by check and place. */
function codeOf(finding: ExchangeFinding): string {
  const { check, pointer } = finding;
  if (check === 'status_code_conformance') return 'response.status.unknown';
  if (check === 'content_type_conformance') return 'response.content-type.incompatible';
  if (check === 'response_headers_conformance') return 'response.header.incompatible';
  if (check === 'response_schema_conformance')
    return finding.expected === 'no body' ? 'response.body.unknown' : 'response.body.incompatible';
  if (check === 'ignored_auth') return 'request.authorization.missing';
  if (pointer === '/request/headers/Content-Type') return 'request.content-type.incompatible';
  if (pointer.startsWith('/request/query/'))
    return finding.got === 'present' ? 'request.query.unknown' : 'request.query.incompatible';
  if (pointer.startsWith('/request/path/')) return 'request.path-or-method.unknown';
  if (pointer.startsWith('/request/headers/')) return 'request.header.incompatible';
  return 'request.body.incompatible';
}

function engineFinding(interaction: string, finding: ExchangeFinding): OpenApiFinding {
  const { operationId, pointer, expected, got, decision } = finding;
  return {
    code: codeOf(finding),
    message: `${finding.message} (expected ${expected}, got ${got})`,
    interaction,
    status: finding.status,
    operationId,
    pointer,
    expected,
    got,
    ...(decision ? { decision } : {}),
    source: 'engine',
  };
}

/**
 * The findings of one interaction. A pact is the consumer's word: a request it sends that the
 * document rules out is a finding when the pact expects it to succeed, and what the document says
 * when the pact expects the documented refusal (a 415 to a body sent as `text/plain`, a 400 to an
 * invalid parameter): D82. A refusal of a request the document allows is the pact's expectation,
 * not the document's breach: not a finding here.
 */
function interactionFindings(
  document: OpenApiDocument,
  interaction: PactInteraction,
  options: JudgeOptions,
): OpenApiFinding[] {
  const name = interaction.description ?? `${interaction.request?.method} ${interaction.request?.path}`;
  const exchange: RecordedExchange = exchangeOfInteraction(interaction);
  const judgement = judgeExchange(document, exchange, options);
  if (!judgement.operationId) {
    return [
      {
        code: 'request.path-or-method.unknown',
        message: `${judgement.method} ${judgement.path} is not an operation of the document`,
        interaction: name,
        status: judgement.status,
        source: 'engine',
      },
    ];
  }
  return judgement.findings
    .filter((finding) => finding.check !== 'positive_data_acceptance')
    .map((finding) => engineFinding(name, finding));
}

/**
 * Checks a pact against the OpenAPI document with the exchange engine (src/exchange, the one the
 * proxy, check-har, the fuzzer and the conformance runner use): is every interaction allowed by
 * the document? Requests must be documented operations with valid parameters and bodies (or be
 * refused as the document says); response statuses must be documented, response bodies may not
 * carry properties the document does not declare (nor, with `requireAllProperties`, leave out
 * required ones), and the headers and media type a pact states must be the documented ones.
 * Resolves with the findings; `errors` empty means the pact is allowed.
 */
export async function checkPact(
  pactSource: JsonSource,
  options: CheckPactOptions = {},
): Promise<OpenApiCheck> {
  const pact = readJson<{ interactions?: unknown }>(pactSource);
  if (!pact || typeof pact !== 'object' || !Array.isArray(pact.interactions))
    throw new Error('not a pact: it has no list of interactions');
  const interactions = (pact.interactions as PactInteraction[]).filter(isHttpInteraction);
  const document = readJson<OpenApiDocument>(
    options.openapi ?? ((await import('@org/model/openapi')).openApiDocument() as object),
  );
  const judged: JudgeOptions = {
    recorded: 'pact',
    reading: options.requireAllProperties ? 'as-documented' : 'partial',
  };
  const errors = interactions.flatMap((interaction) => interactionFindings(document, interaction, judged));
  const warnings: OpenApiFinding[] = [];
  if (options.crossCheck) {
    const second = await swaggerMockValidatorFindings({ ...pact, interactions }, document, options);
    errors.push(...second.errors);
    warnings.push(...second.warnings);
  }
  return { interactions: interactions.length, errors, warnings };
}

/** One line per finding, then a summary line. */
export function formatPactCheck(check: OpenApiCheck): string {
  return [
    ...check.errors.map((f) => `error   ${f.code} ${f.interaction}: ${f.message}`),
    ...check.warnings.map((f) => `warning ${f.code} ${f.interaction}: ${f.message}`),
    `${check.interactions} interactions: ${check.errors.length} errors, ${check.warnings.length} warnings`,
  ].join('\n');
}
