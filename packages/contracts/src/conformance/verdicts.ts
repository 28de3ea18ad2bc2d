import type { ApiResponse } from '@org/client';
import { type EndpointId, RATE_LIMIT_HEADERS } from '@org/model';
import { judgeResponse } from '../exchange/judge-exchange.js';
import { judgedDocumentOf, publishedDocument } from '../exchange/judged-document.js';
import { modelBodies } from '../exchange/model-bodies.js';
import type { ExchangeFinding, Verdict } from '../exchange/types.js';
import type { Violations } from './check.js';
import type { RawResponse } from './context.js';

/** An answer the runner judges: read raw, or through the typed client (its body as text too). */
export type JudgedAnswer = Omit<RawResponse, 'path'>;

/** An answer the typed client parsed, as the runner judges it. */
export function answerOf(response: ApiResponse<EndpointId>): JudgedAnswer {
  const { status, headers, data } = response;
  return { status, headers, body: data, text: data === undefined ? '' : JSON.stringify(data) };
}

/**
 * The exchange engine's verdicts on an answer of an operation, as the proxy's and the fuzzer's are
 * judged: a documented status, content type and headers, and the body by the model's schema in its
 * strict form (every unknown key a violation: the runner catches every drift of the provider). An
 * error body is judged by the document, also strictly.
 */
export async function verdictsOn(operationId: string, answer: JudgedAnswer): Promise<Verdict[]> {
  return judgeResponse(
    await publishedDocument(),
    operationId,
    { status: answer.status, headers: answer.headers, body: answer.text, json: { value: answer.body } },
    { bodies: modelBodies, strict: true },
  );
}

/** The operation of the document a GET of this path reaches (undefined: none does). */
export async function operationAt(path: string): Promise<string | undefined> {
  return judgedDocumentOf(await publishedDocument()).operations.match('GET', path)?.op.id;
}

/**
 * Records the engine's verdicts as the runner's violations of `what`: the rate-limit headers (D2)
 * in one line, every other header, and at most five schema issues of the body. True when there were none.
 */
export function recordVerdicts(v: Violations, what: string, headers: Headers, verdicts: readonly Verdict[]) {
  for (const verdict of verdicts) {
    if (verdict.check === 'response_schema_conformance')
      recordSchemaFindings(v, verdict.findings, `${what} body`);
    else if (verdict.check === 'response_headers_conformance') {
      if (verdict.findings.some((f) => isRateLimitHeader(f.pointer)))
        v.add(rateLimitViolation(headers, what));
      for (const f of verdict.findings) if (!isRateLimitHeader(f.pointer)) v.add(`${what}: ${f.message}`);
    } else v.add(`${what}: ${verdict.message}`);
  }
  return verdicts.length === 0;
}

/** Records the findings of a judged body (at most `max`). */
function recordSchemaFindings(v: Violations, findings: readonly ExchangeFinding[], what: string, max = 5) {
  for (const finding of findings.slice(0, max)) v.add(`${what}: ${finding.message}`);
  if (findings.length > max) v.add(`${what}: ... ${findings.length - max} more schema issues`);
}

const RATE_LIMIT_HEADER_LIST = Object.keys(RATE_LIMIT_HEADERS);

/** Whether a finding's pointer names one of the rate-limit headers (D2). */
function isRateLimitHeader(pointer: string): boolean {
  const name = pointer.split('/').at(-1)?.toLowerCase();
  return RATE_LIMIT_HEADER_LIST.some((header) => header.toLowerCase() === name);
}

/** The violation of D2's rate-limit headers, as the runner words it. */
function rateLimitViolation(headers: Headers, what: string): string {
  return `${what}: missing or malformed ${RATE_LIMIT_HEADER_LIST.join('/')} (D2) (got ${RATE_LIMIT_HEADER_LIST.map((h) => `${h}=${headers.get(h)}`).join(', ')})`;
}
