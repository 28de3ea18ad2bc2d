import type { Judgement } from '../exchange/judge-exchange.js';
import { redactFinding, redactUrl } from '../exchange/redact.js';

/** One line of the proxy's log: an exchange that broke the document, redacted. */
export interface ExchangeLogLine {
  readonly time: string;
  readonly operationId: string;
  readonly method: string;
  /** Path and query as sent, secret and personal query values redacted. */
  readonly url: string;
  readonly status: number;
  readonly findings: ReadonlyArray<{
    readonly check: string;
    readonly pointer: string;
    readonly expected: string;
    readonly got: string;
    readonly decision?: string;
    readonly message: string;
  }>;
}

/** The log line of a judged exchange with findings; undefined when it has none. */
export function exchangeLogLine(judgement: Judgement, url: string, at: Date): ExchangeLogLine | undefined {
  if (!judgement.operationId || !judgement.findings.length) return undefined;
  return {
    time: at.toISOString(),
    operationId: judgement.operationId,
    method: judgement.method,
    url: redactUrl(url),
    status: judgement.status,
    findings: judgement.findings.map((finding) => {
      const { check, pointer, expected, got, decision, message } = redactFinding(finding);
      return { check, pointer, expected, got, ...(decision ? { decision } : {}), message };
    }),
  };
}

/** The value of the violations header: check and place of each finding, decision where there is one. */
export function violationsHeaderValue(judgement: Judgement): string | undefined {
  if (!judgement.findings.length) return undefined;
  return judgement.findings
    .map((f) => `${f.check} ${f.pointer}${f.decision ? ` (${f.decision})` : ''}`)
    .join('; ')
    .replace(/[^\x20-\x7e]/g, '?');
}
