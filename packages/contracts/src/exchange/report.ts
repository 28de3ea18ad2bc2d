import type { Judgement } from './judge-exchange.js';
import { redactFinding, redactUrl } from './redact.js';
import type { ExchangeCheck, ExchangeFinding } from './types.js';

/** One distinct finding of a run: the same operation, check, status and place, however many answers showed it. */
export interface ReportedFinding extends Omit<ExchangeFinding, 'pointer' | 'got' | 'message'> {
  /** The place, array indexes as `*` (`/response/body/results/*\/id`). */
  readonly pointer: string;
  /** What the first answer held there (redacted). */
  readonly got: string;
  /** The first answer's finding in one line (redacted). */
  readonly message: string;
  /** How many answers showed it. */
  readonly occurrences: number;
  /** The first exchange that showed it: method, path and query (redacted), and where it was read. */
  readonly example: { readonly method: string; readonly url: string; readonly source?: string };
}

export interface OperationSummary {
  readonly exchanges: number;
  readonly statuses: Record<string, number>;
  /** Answers with at least one finding. */
  readonly withFindings: number;
  /** Answers with a finding, per check. */
  readonly checks: Partial<Record<ExchangeCheck, number>>;
}

/** A decision some answers contradicted: "D16 contradicted by 3 answers of listMessages". */
export interface DecisionSummary {
  readonly decision: string;
  /** Answers with a finding of a rule of this decision. */
  readonly answers: number;
  readonly byOperation: Record<string, number>;
  readonly line: string;
}

export interface ExchangeReport {
  /** What was read: HAR files, or the proxy's upstream. */
  readonly sources: readonly string[];
  /** Response bodies judged as documented (unknown properties are findings). */
  readonly strict: boolean;
  /** Bodies up to this size (bytes) were judged; larger ones passed through unjudged. */
  readonly bodyLimitBytes?: number;
  /** Every exchange seen. */
  readonly exchanges: number;
  /** Those of an operation of the document (the others are not the API's: not judged). */
  readonly judged: number;
  readonly outside: number;
  /** Judged exchanges whose body was not (larger than the limit, or not recorded). */
  readonly bodiesNotJudged: number;
  /** Judged exchanges with at least one finding. */
  readonly withFindings: number;
  readonly byOperation: Record<string, OperationSummary>;
  readonly byDecision: readonly DecisionSummary[];
  readonly findings: readonly ReportedFinding[];
  /** No finding. */
  readonly ok: boolean;
}

/** Where an exchange came from, as a finding's example shows it. */
export interface ExchangeOrigin {
  readonly method: string;
  /** Path and query as sent. */
  readonly url: string;
  /** The file (and entry) or the upstream it was read from. */
  readonly source?: string;
  /** Its body was not judged (larger than the limit, or not recorded). */
  readonly bodyNotJudged?: boolean;
}

/** Collects judged exchanges into a report, one at a time (a proxy reports while it runs). */
export interface ExchangeTally {
  add(judgement: Judgement, origin: ExchangeOrigin): void;
  report(): ExchangeReport;
}

/** A pointer with its array indexes as `*`: the same place in every item of a list. */
function placeOf(pointer: string): string {
  return pointer.replace(/\/\d+(?=\/|$)/g, '/*');
}

function plural(count: number, one: string): string {
  return `${count} ${one}${count === 1 ? '' : 's'}`;
}

/** The decisions a finding names (`D2, D14` names two). */
function decisionsOf(finding: ExchangeFinding): string[] {
  return finding.decision ? finding.decision.split(/,\s*/) : [];
}

function decisionLine(decision: string, byOperation: Record<string, number>): string {
  const parts = Object.entries(byOperation)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([operationId, answers]) => `${plural(answers, 'answer')} of ${operationId}`);
  return `${decision} contradicted by ${parts.join(', ')}`;
}

function decisionNumber(decision: string): number {
  return Number(/\d+/.exec(decision)?.[0] ?? Number.MAX_SAFE_INTEGER);
}

export interface TallySettings {
  readonly sources: readonly string[];
  readonly strict: boolean;
  readonly bodyLimitBytes?: number;
}

export function exchangeTally(settings: TallySettings): ExchangeTally {
  let exchanges = 0;
  let outside = 0;
  let bodiesNotJudged = 0;
  let withFindings = 0;
  const byOperation = new Map<
    string,
    {
      exchanges: number;
      statuses: Record<string, number>;
      withFindings: number;
      checks: Partial<Record<ExchangeCheck, number>>;
    }
  >();
  const byDecision = new Map<string, Record<string, number>>();
  const findings = new Map<string, ReportedFinding>();

  function countFindings(operationId: string, judgement: Judgement, origin: ExchangeOrigin) {
    const operation = byOperation.get(operationId)!;
    operation.withFindings++;
    withFindings++;
    for (const check of new Set(judgement.findings.map((f) => f.check)))
      operation.checks[check] = (operation.checks[check] ?? 0) + 1;
    for (const decision of new Set(judgement.findings.flatMap(decisionsOf))) {
      const answers = byDecision.get(decision) ?? {};
      answers[operationId] = (answers[operationId] ?? 0) + 1;
      byDecision.set(decision, answers);
    }
    const seen = new Set<string>();
    for (const finding of judgement.findings) {
      const pointer = placeOf(finding.pointer);
      const key = `${operationId} ${finding.check} ${finding.status} ${pointer}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const known = findings.get(key);
      if (known) {
        findings.set(key, { ...known, occurrences: known.occurrences + 1 });
        continue;
      }
      const { expected, got, message, decision } = redactFinding(finding);
      findings.set(key, {
        operationId,
        check: finding.check,
        status: finding.status,
        pointer,
        expected,
        got,
        ...(decision ? { decision } : {}),
        message,
        occurrences: 1,
        example: {
          method: origin.method,
          url: redactUrl(origin.url),
          ...(origin.source ? { source: origin.source } : {}),
        },
      });
    }
  }

  return {
    add(judgement, origin) {
      exchanges++;
      const { operationId } = judgement;
      if (!operationId) {
        outside++;
        return;
      }
      if (origin.bodyNotJudged) bodiesNotJudged++;
      const operation = byOperation.get(operationId) ?? {
        exchanges: 0,
        statuses: {},
        withFindings: 0,
        checks: {},
      };
      operation.exchanges++;
      operation.statuses[judgement.status] = (operation.statuses[judgement.status] ?? 0) + 1;
      byOperation.set(operationId, operation);
      if (judgement.findings.length) countFindings(operationId, judgement, origin);
    },
    report() {
      const decisions = [...byDecision]
        .sort((a, b) => decisionNumber(a[0]) - decisionNumber(b[0]))
        .map(([decision, operations]) => ({
          decision,
          answers: Object.values(operations).reduce((sum, n) => sum + n, 0),
          byOperation: { ...operations },
          line: decisionLine(decision, operations),
        }));
      return {
        sources: settings.sources,
        strict: settings.strict,
        ...(settings.bodyLimitBytes === undefined ? {} : { bodyLimitBytes: settings.bodyLimitBytes }),
        exchanges,
        judged: exchanges - outside,
        outside,
        bodiesNotJudged,
        withFindings,
        byOperation: Object.fromEntries(
          [...byOperation]
            .sort((a, b) => a[0].localeCompare(b[0]))
            .map(([id, o]) => [id, structuredClone(o)]),
        ),
        byDecision: decisions,
        findings: [...findings.values()],
        ok: findings.size === 0,
      };
    },
  };
}
