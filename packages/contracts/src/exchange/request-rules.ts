import type { DecisionId } from '@org/model';
import { parsedJson } from '../document/json.js';
import type {
  FuzzOperation,
  FuzzParameter,
  OpenApiDocument,
  SchemaValidator,
} from '../document/openapi-document.js';
import { decisionAlong, pointerStep } from './decisions.js';
import { issueFindings, preview } from './issues.js';
import type { ExchangeFinding, RecordedRequest } from './types.js';

/**
 * Rules of the model the document cannot mark on a parameter or schema (OpenAPI 3.0 has no word for
 * them): a query parameter the operation does not take answers 400 (D17); a body in another media
 * type answers 415 and malformed JSON 400 (D12). The ids are the model's, so a renamed decision
 * fails the build here.
 */
const UNKNOWN_PARAMETER: DecisionId = 'D17';
const WRITE_REQUESTS: DecisionId = 'D12';

/** What the request rules read: the document, its validator (requests are judged as documented) and the operation. */
export interface RequestUnderJudgement {
  readonly doc: OpenApiDocument;
  readonly validator: SchemaValidator;
  readonly op: FuzzOperation;
  readonly pathParams: Readonly<Record<string, string>>;
  readonly request: RecordedRequest;
  /** The answer's status, which every finding carries. */
  readonly status: number;
}

/** A request finding; its check is decided by the answer (a 2xx to a request the document rules out). */
function problem(
  subject: RequestUnderJudgement,
  pointer: string,
  expected: string,
  got: string,
  message: string,
  decision: string | undefined,
): ExchangeFinding {
  return {
    operationId: subject.op.id,
    check: 'negative_data_rejection',
    status: subject.status,
    pointer,
    expected,
    got,
    ...(decision ? { decision } : {}),
    message,
  };
}

/** A parameter's schema in a few words. */
function describeParameter({ schema }: FuzzParameter): string {
  const parts = Object.entries(schema)
    .filter(([key]) => !['description', 'example', 'default'].includes(key) && !key.startsWith('x-'))
    .map(([key, value]) => (key === 'type' ? String(value) : `${key} ${JSON.stringify(value)}`));
  return parts.join(', ') || 'any value';
}

function parameterProblems(
  subject: RequestUnderJudgement,
  place: 'path' | 'query' | 'header',
  values: ReadonlyMap<string, string>,
): ExchangeFinding[] {
  const { op, validator } = subject;
  return op.parameters
    .filter((p) => p.in === place)
    .flatMap((p) => {
      const value = values.get(place === 'header' ? p.name.toLowerCase() : p.name);
      const pointer = `/request/${place}/${pointerStep(p.name)}`;
      if (value === undefined)
        return p.required
          ? [
              problem(
                subject,
                pointer,
                'present (required)',
                '(missing)',
                `${place} ${p.name} missing`,
                p.decision,
              ),
            ]
          : [];
      if (validator.validParameter(p.schema, value)) return [];
      return [
        problem(
          subject,
          pointer,
          describeParameter(p),
          preview(value),
          `${place} ${p.name}: ${preview(value)} is not ${describeParameter(p)}`,
          p.decision,
        ),
      ];
    });
}

/** Query parameters the operation does not take (D17). */
function unknownQueryProblems(subject: RequestUnderJudgement): ExchangeFinding[] {
  const known = new Set(subject.op.parameters.filter((p) => p.in === 'query').map((p) => p.name));
  const unknown = [...new Set(subject.request.query.map(([name]) => name))].filter(
    (name) => !known.has(name),
  );
  return unknown.map((name) =>
    problem(
      subject,
      `/request/query/${pointerStep(name)}`,
      'no query parameter the operation does not document',
      'present',
      `query ${name} is not a parameter of ${subject.op.id}`,
      UNKNOWN_PARAMETER,
    ),
  );
}

/** The body: documented media type, JSON, valid under the schema; present when required. */
function bodyProblems(subject: RequestUnderJudgement): ExchangeFinding[] {
  const { op, request, validator, doc } = subject;
  if (!op.body || request.truncated) return [];
  const text = request.body ?? '';
  if (!text) {
    return op.body.required
      ? [problem(subject, '/request/body', 'a body (required)', '(none)', 'no body', WRITE_REQUESTS)]
      : [];
  }
  const contentType = request.headers.get('content-type') ?? '';
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  if (!op.body.mediaTypes.includes(mediaType)) {
    const expected = op.body.mediaTypes.join(', ');
    return [
      problem(
        subject,
        '/request/headers/Content-Type',
        expected,
        contentType || '(none)',
        `Content-Type ${contentType || '(none)'}, documented: ${expected}`,
        WRITE_REQUESTS,
      ),
    ];
  }
  const json = parsedJson(text);
  if (!json)
    return [
      problem(
        subject,
        '/request/body',
        'JSON',
        preview(text.slice(0, 80)),
        'body is not JSON',
        WRITE_REQUESTS,
      ),
    ];
  const schema = op.body.schema;
  const issues = validator.issues(schema, json.value);
  return issueFindings(issues, json.value, {
    operationId: op.id,
    check: 'negative_data_rejection',
    status: subject.status,
    base: '/request/body',
    decisionAt: (pointer) => decisionAlong(doc, schema, pointer),
  });
}

/** The last value of each query parameter: what the server reads (D17). */
function lastValues(pairs: ReadonlyArray<readonly [string, string]>): Map<string, string> {
  return new Map(pairs.map(([name, value]) => [name, value]));
}

/** Headers of the operation's header parameters, by lower-case name. */
function headerValues(subject: RequestUnderJudgement): Map<string, string> {
  const values = new Map<string, string>();
  for (const p of subject.op.parameters) {
    if (p.in !== 'header') continue;
    const value = subject.request.headers.get(p.name);
    if (value !== null) values.set(p.name.toLowerCase(), value);
  }
  return values;
}

/**
 * Every way a request breaks the model's request rules as the document states them: path, query
 * and header parameters, unknown query parameters, the body's media type, JSON and schema.
 */
export function requestProblems(subject: RequestUnderJudgement): ExchangeFinding[] {
  return [
    ...parameterProblems(subject, 'path', new Map(Object.entries(subject.pathParams))),
    ...parameterProblems(subject, 'query', lastValues(subject.request.query)),
    ...unknownQueryProblems(subject),
    ...parameterProblems(subject, 'header', headerValues(subject)),
    ...bodyProblems(subject),
  ];
}
