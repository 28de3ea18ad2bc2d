import { parsedJson } from '../document/json.js';
import {
  documentedResponse,
  type OpenApiDocument,
  type SchemaReading,
} from '../document/openapi-document.js';
import { serverRuleExplaining } from '../document/server-rules.js';
import { type JudgedDocument, judgedDocumentOf } from './judged-document.js';
import { requestProblems } from './request-rules.js';
import {
  bodyRule,
  contentTypeRule,
  headersRule,
  type ResponseUnderJudgement,
  statusCodeRule,
} from './response-rules.js';
import type { ExchangeFinding, RecordedExchange, RecordedResponse, Verdict } from './types.js';

/** Judges a body in place of the document's schemas (the conformance runner judges by the model's). */
export type BodyJudge = (subject: ResponseUnderJudgement) => Verdict[];

export interface JudgeOptions {
  /**
   * Response bodies as documented: a property the document does not declare is a violation. By
   * default unknown properties are allowed, as a forward-compatible client reads them (D30).
   */
  readonly strict?: boolean;
  /** How response schemas are read, when neither default nor `strict` fits (a pact's: `partial`). */
  readonly reading?: SchemaReading;
  /**
   * What the recording holds: `whole` exchanges (a proxy, a HAR), or `pact` interactions, which
   * hold only the headers their consumer reads: documented headers may then be absent (those
   * there are judged).
   */
  readonly recorded?: 'whole' | 'pact';
  /** Judges response bodies instead of the document's schemas. */
  readonly bodies?: BodyJudge;
}

/** One exchange judged: the operation it was routed to, and what each check found wrong. */
export interface Judgement {
  /** The document's operation of the method and path; undefined when it has none (nothing is judged). */
  readonly operationId: string | undefined;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly verdicts: readonly Verdict[];
  readonly findings: readonly ExchangeFinding[];
}

function judgedOf(document: OpenApiDocument | JudgedDocument): JudgedDocument {
  return 'operations' in document && 'validator' in document ? document : judgedDocumentOf(document);
}

/** An answer as the response rules read it, documented as the operation documents its status. */
function answerUnderJudgement(
  judged: JudgedDocument,
  op: ResponseUnderJudgement['op'],
  response: RecordedResponse,
  options: Pick<JudgeOptions, 'strict' | 'reading'>,
): ResponseUnderJudgement {
  return {
    doc: judged.doc,
    validator: judged.validator(options.reading ?? (options.strict ? 'as-documented' : 'tolerant')),
    errorBody: judged.errorBody,
    op,
    status: response.status,
    headers: response.headers,
    text: response.body,
    json: response.truncated ? undefined : (response.json ?? parsedJson(response.body)),
    documented: documentedResponse(op, response.status),
    limit: undefined,
    ...(response.truncated ? { truncated: true } : {}),
  };
}

/** Statuses that refuse a request as invalid. */
const REFUSALS = new Set([400, 415, 422]);

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

/** The verdicts on the request, which the answer's status decides. */
function requestVerdicts(
  subject: ResponseUnderJudgement,
  exchange: RecordedExchange,
  problems: readonly ExchangeFinding[],
): Verdict[] {
  const { op, status, json } = subject;
  const { request } = exchange;
  if (problems.length && isSuccess(status)) {
    const listed = problems.slice(0, 3).map((p) => p.message);
    const more = problems.length > 3 ? [`... ${problems.length - 3} more`] : [];
    return [
      {
        check: 'negative_data_rejection',
        message: `answered ${status} to a request the document rules out: ${[...listed, ...more].join('; ')}`,
        findings: problems,
      },
    ];
  }
  if (problems.length || !REFUSALS.has(status)) return [];
  const explained = serverRuleExplaining({
    op,
    req: {
      method: request.method.toUpperCase(),
      query: request.query.map(([name, value]) => ({ name, value })),
      body: { json: parsedJson(request.body ?? '')?.value },
    },
    answer: { status },
    json,
  });
  if (explained) return [];
  const message = `a request valid under the document answered ${status}: ${subject.text.slice(0, 200)}`;
  return [
    {
      check: 'positive_data_acceptance',
      message,
      findings: [
        {
          operationId: op.id,
          check: 'positive_data_acceptance',
          status,
          pointer: '/response/status',
          expected: 'no refusal (400, 415, 422) of a request the document allows',
          got: `${status} ${subject.text.slice(0, 120)}`,
          message,
        },
      ],
    },
  ];
}

/** A request without an Authorization header answered 2xx where the operation documents 401. */
function authVerdicts(subject: ResponseUnderJudgement, exchange: RecordedExchange): Verdict[] {
  const { op, status } = subject;
  if (!isSuccess(status) || !op.responses['401'] || exchange.request.headers.get('authorization') !== null)
    return [];
  const message = `answered ${status} without an Authorization header, not 401`;
  return [
    {
      check: 'ignored_auth',
      message,
      findings: [
        {
          operationId: op.id,
          check: 'ignored_auth',
          status,
          pointer: '/request/headers/Authorization',
          expected: '401 without a token',
          got: String(status),
          message,
        },
      ],
    },
  ];
}

/**
 * Judges one recorded exchange against an OpenAPI document: finds the operation by method and path
 * template, then judges the answer (documented status, content type, documented headers present
 * and well formed, body valid for the status) and the request (a 2xx to a request the model's
 * request rules rule out, a refusal of one they allow, a 2xx without a token). Each finding names
 * the operation, the check (the fuzzer's names), a JSON pointer, what was expected and what came,
 * and the `x-um-decision` of the rule when a decision made it.
 */
export function judgeExchange(
  document: OpenApiDocument | JudgedDocument,
  exchange: RecordedExchange,
  options: JudgeOptions = {},
): Judgement {
  const judged = judgedOf(document);
  const { request, response } = exchange;
  const base = { method: request.method.toUpperCase(), path: request.path, status: response.status };
  const matched = judged.operations.match(request.method, request.path);
  if (!matched) return { ...base, operationId: undefined, verdicts: [], findings: [] };
  const { op, pathParams } = matched;
  const pact = options.recorded === 'pact';
  const documented = documentedResponse(op, response.status);
  const subject: ResponseUnderJudgement = {
    ...answerUnderJudgement(judged, op, response, options),
    // A pact holds only the headers its consumer reads: those present are judged.
    documented:
      pact && documented
        ? { ...documented, headers: documented.headers.filter((h) => response.headers.get(h.name) !== null) }
        : documented,
    limit: request.query.findLast(([name]) => name === 'limit')?.[1],
  };
  const problems = requestProblems({
    doc: judged.doc,
    validator: judged.validator('as-documented'),
    op,
    pathParams,
    request,
    status: response.status,
  });
  const verdicts = [
    ...statusCodeRule(subject),
    // A pact that does not say which media type its consumer expects leaves it open.
    ...(pact && response.headers.get('content-type') === null ? [] : contentTypeRule(subject)),
    ...headersRule(subject),
    // A pact without a body leaves the body open: its consumer reads none of it.
    ...(pact && !response.body ? [] : (options.bodies ?? bodyRule)(subject)),
    ...requestVerdicts(subject, exchange, problems),
    ...authVerdicts(subject, exchange),
  ];
  return { ...base, operationId: op.id, verdicts, findings: verdicts.flatMap((v) => v.findings) };
}

/**
 * Judges an answer alone, for a caller that knows the operation and sent a request it knows to be
 * valid (the conformance runner's typed client): status, content type, headers and body.
 */
export function judgeResponse(
  document: OpenApiDocument | JudgedDocument,
  operationId: string,
  response: RecordedResponse,
  options: Pick<JudgeOptions, 'strict' | 'reading' | 'bodies'> = {},
): Verdict[] {
  const judged = judgedOf(document);
  const op = judged.operations.byId(operationId);
  if (!op) throw new Error(`the document has no operation ${operationId}`);
  const subject = answerUnderJudgement(judged, op, response, options);
  return [
    ...statusCodeRule(subject),
    ...contentTypeRule(subject),
    ...headersRule(subject),
    ...(options.bodies ?? bodyRule)(subject),
  ];
}
