import { isObject } from '../document/json.js';
import type {
  DocumentedResponse,
  FuzzOperation,
  OpenApiDocument,
  Schema,
  SchemaIssue,
  SchemaValidator,
} from '../document/openapi-document.js';
import { decisionAlong } from './decisions.js';
import { issueFindings } from './issues.js';
import type { ExchangeCheck, ExchangeFinding, HeaderBag, Verdict } from './types.js';

/** An answer as the response rules judge it, with the document's view of its operation and status. */
export interface ResponseUnderJudgement {
  readonly doc: OpenApiDocument;
  /** The validator of response bodies (as documented, tolerant or partial). */
  readonly validator: SchemaValidator;
  /** The common error body, which an error status the operation does not document still owes. */
  readonly errorBody: Schema | undefined;
  readonly op: FuzzOperation;
  readonly status: number;
  readonly headers: HeaderBag;
  readonly text: string;
  readonly json: { readonly value: unknown } | undefined;
  /** The document's response for the status, if it has one. */
  readonly documented: DocumentedResponse | undefined;
  /** The request's `limit` query value (the last one given), for the page-size rule. */
  readonly limit: string | undefined;
  /** The body was larger than the caller validates: its schema is not judged. */
  readonly truncated?: boolean;
}

/** A verdict of one check made of its findings; none when there are none. */
function verdictOf(check: ExchangeCheck, message: string, findings: ExchangeFinding[]): Verdict[] {
  return findings.length ? [{ check, message, findings }] : [];
}

/** The documented statuses of an operation, in the document's order. */
function documentedStatuses(op: FuzzOperation): string {
  return Object.keys(op.responses).join(', ');
}

export function statusCodeRule({ op, status, documented }: ResponseUnderJudgement): Verdict[] {
  if (documented) return [];
  const message = `${status} is not documented for ${op.id}`;
  return verdictOf('status_code_conformance', message, [
    {
      operationId: op.id,
      check: 'status_code_conformance',
      status,
      pointer: '/response/status',
      expected: documentedStatuses(op),
      got: String(status),
      message,
    },
  ]);
}

/** A body's media type (no parameters, lower case) must be one the status documents. */
export function contentTypeRule({
  op,
  status,
  headers,
  text,
  truncated,
  documented,
}: ResponseUnderJudgement): Verdict[] {
  if (!documented?.mediaTypes.length || (!text && !truncated)) return [];
  const contentType = headers.get('content-type') ?? '';
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  if (documented.mediaTypes.includes(mediaType)) return [];
  const expected = documented.mediaTypes.join(', ');
  const message = `Content-Type ${contentType || '(none)'}, documented: ${expected}`;
  return verdictOf('content_type_conformance', message, [
    {
      operationId: op.id,
      check: 'content_type_conformance',
      status,
      pointer: '/response/headers/Content-Type',
      expected,
      got: contentType || '(none)',
      message,
    },
  ]);
}

/** A header schema in a few words: `integer, minimum 0`. */
function describeSchema(schema: Schema): string {
  const parts = Object.entries(schema)
    .filter(([key]) => key !== 'description' && !key.startsWith('x-'))
    .map(([key, value]) => (key === 'type' ? String(value) : `${key} ${JSON.stringify(value)}`));
  return parts.join(', ') || 'any value';
}

/** Every header the status documents (rate limits, Retry-After) is there and valid under its schema. */
export function headersRule({
  op,
  status,
  headers,
  documented,
  validator,
}: ResponseUnderJudgement): Verdict[] {
  const findings = (documented?.headers ?? []).flatMap(({ name, schema, decision }): ExchangeFinding[] => {
    const value = headers.get(name);
    if (value !== null && validator.validParameter(schema, value)) return [];
    return [
      {
        operationId: op.id,
        check: 'response_headers_conformance',
        status,
        pointer: `/response/headers/${name}`,
        expected: describeSchema(schema),
        got: value === null ? '(missing)' : JSON.stringify(value),
        ...(decision ? { decision } : {}),
        message: value === null ? `${name} missing` : `${name}: ${JSON.stringify(value)}`,
      },
    ];
  });
  return verdictOf('response_headers_conformance', findings.map((f) => f.message).join('; '), findings);
}

/** Issues as the fuzzer's reports print them: the first few, one line. */
export function issuesLine(issues: readonly SchemaIssue[], max = 3): string {
  return issues
    .slice(0, max)
    .map((e) => `${e.instancePath || '(root)'} ${e.message}`)
    .concat(issues.length > max ? [`... ${issues.length - max} more`] : [])
    .join('; ');
}

/** A body finding of the whole body (not JSON, or a body where none is documented). */
function wholeBodyFinding(
  subject: ResponseUnderJudgement,
  expected: string,
  got: string,
  message: string,
  decision?: string,
): ExchangeFinding {
  return {
    operationId: subject.op.id,
    check: 'response_schema_conformance',
    status: subject.status,
    pointer: '/response/body',
    expected,
    got,
    ...(decision ? { decision } : {}),
    message,
  };
}

/** Findings of a body against a schema, one per place; none when it is valid. */
function schemaVerdict(subject: ResponseUnderJudgement, schema: Schema, prefix: string): Verdict[] {
  const value = subject.json?.value;
  const issues = subject.validator.issues(schema, value);
  if (!issues.length) return [];
  const findings = issueFindings(issues, value, {
    operationId: subject.op.id,
    check: 'response_schema_conformance',
    status: subject.status,
    base: '/response/body',
    decisionAt: (pointer) => decisionAlong(subject.doc, schema, pointer),
  });
  return verdictOf('response_schema_conformance', `${prefix}${issuesLine(issues)}`, findings);
}

/** An error status the operation does not document still owes the document's common error body. */
function undocumentedErrorBody(subject: ResponseUnderJudgement): Verdict[] {
  const { documented, status, errorBody, json, text } = subject;
  if (documented || status < 400 || !errorBody || subject.truncated) return [];
  if (json) return schemaVerdict(subject, errorBody, 'not the documented error body: ');
  const message = 'not the documented error body: not JSON';
  const decision = decisionAlong(subject.doc, errorBody, '');
  return verdictOf('response_schema_conformance', message, [
    wholeBodyFinding(
      subject,
      'the common error body (JSON)',
      JSON.stringify(text.slice(0, 80)),
      message,
      decision,
    ),
  ]);
}

/** The body of a documented status against its schema; no body where none is documented. */
function documentedBody(subject: ResponseUnderJudgement): Verdict[] {
  const { documented, text, json } = subject;
  if (!documented || subject.truncated) return [];
  if (!documented.schema) {
    if (!text.length) return [];
    const message = `a body where none is documented (${text.length} bytes)`;
    return verdictOf('response_schema_conformance', message, [
      wholeBodyFinding(subject, 'no body', `${text.length} bytes`, message),
    ]);
  }
  if (!json) {
    const message = `body is not JSON: ${JSON.stringify(text.slice(0, 80))}`;
    return verdictOf('response_schema_conformance', message, [
      wholeBodyFinding(subject, 'JSON', JSON.stringify(text.slice(0, 80)), message),
    ]);
  }
  return schemaVerdict(subject, documented.schema, '');
}

/** A page never holds more than the limit asked for, nor more than the limit's clamp (x-um-clamp-to). */
function pageSize(subject: ResponseUnderJudgement): Verdict[] {
  const { op, status, json, limit: asked } = subject;
  const body = status >= 200 && status < 300 ? json?.value : undefined;
  const parameter = op.parameters.find((p) => p.in === 'query' && p.name === 'limit');
  const clamp = parameter?.schema['x-um-clamp-to'];
  if (typeof clamp !== 'number' || !isObject(body) || !Array.isArray(body.results)) return [];
  const limit = Number(asked);
  const max = Number.isInteger(limit) && limit > 0 ? Math.min(limit, clamp) : clamp;
  if (body.results.length <= max) return [];
  const message = `${body.results.length} results for limit ${asked ?? '(default)'} (at most ${max})`;
  return verdictOf('response_schema_conformance', message, [
    {
      operationId: op.id,
      check: 'response_schema_conformance',
      status,
      pointer: '/response/body/results',
      expected: `at most ${max} items`,
      got: `${body.results.length} items`,
      ...(parameter?.decision ? { decision: parameter.decision } : {}),
      message,
    },
  ]);
}

/** The body against the documented schema of its status (the common error body for other errors), and page sizes. */
export function bodyRule(subject: ResponseUnderJudgement): Verdict[] {
  return [...undocumentedErrorBody(subject), ...documentedBody(subject), ...pageSize(subject)];
}

/** Every response rule, in the order a report lists their verdicts. */
export function responseVerdicts(subject: ResponseUnderJudgement): Verdict[] {
  return [
    ...statusCodeRule(subject),
    ...contentTypeRule(subject),
    ...headersRule(subject),
    ...bodyRule(subject),
  ];
}
