/**
 * The name of the check a finding failed (Schemathesis' names where it has one). The names before
 * issue #41 map onto them: server-error and no-response → not_a_server_error, status-undocumented →
 * status_code_conformance, body-schema, error-body and page-size → response_schema_conformance,
 * invalid-accepted → negative_data_rejection (ignored_auth for a missing or wrong token),
 * valid-rejected → positive_data_acceptance, tenancy → tenancy.
 */
export type FuzzCheck =
  | ExchangeCheck
  | 'not_a_server_error'
  | 'use_after_free'
  | 'ensure_resource_availability'
  | 'tenancy'
  | 'max_response_time';

/** Headers as every recording gives them: a lookup by name, whatever the case it is asked in. */
export interface HeaderBag {
  get(name: string): string | null;
}

/** A request as it was sent: method, path (no query), query pairs in order, headers and body text. */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: ReadonlyArray<readonly [string, string]>;
  readonly headers: HeaderBag;
  /** The body as text; undefined or empty when there was none. */
  readonly body?: string | undefined;
  /** The body was larger than the caller keeps: it is not judged. */
  readonly truncated?: boolean;
}

/** An answer as it came back: status, headers and body. */
export interface RecordedResponse {
  readonly status: number;
  readonly headers: HeaderBag;
  /** The body as text ('' when there was none). */
  readonly body: string;
  /**
   * The body already parsed, when the caller has it (a typed client's data); otherwise it is
   * parsed from `body` when that is JSON.
   */
  readonly json?: { readonly value: unknown } | undefined;
  /** The body was larger than the limit the caller validates: its schema is not judged. */
  readonly truncated?: boolean;
}

export interface RecordedExchange {
  readonly request: RecordedRequest;
  readonly response: RecordedResponse;
}

/** The checks that judge one recorded exchange (the fuzzer's names, which are Schemathesis'). */
export type ExchangeCheck =
  | 'status_code_conformance'
  | 'content_type_conformance'
  | 'response_headers_conformance'
  | 'response_schema_conformance'
  | 'negative_data_rejection'
  | 'positive_data_acceptance'
  | 'ignored_auth';

/** One rule of the document an exchange broke. */
export interface ExchangeFinding {
  readonly operationId: string;
  readonly check: ExchangeCheck;
  /** The answer's status. */
  readonly status: number;
  /**
   * Where, as a JSON pointer into the exchange: `/response/body/results/0/id`,
   * `/response/headers/X-RateLimit-Limit`, `/response/status`, `/request/query/limit`.
   */
  readonly pointer: string;
  readonly expected: string;
  readonly got: string;
  /** The document's `x-um-decision` on the rule (`D16`, or `D2, D14`), when a decision made it. */
  readonly decision?: string;
  /** The finding in one line. */
  readonly message: string;
}

/**
 * What one check found wrong with one exchange: the one line a fuzz report prints for it, and the
 * rules broken, each a finding of its own.
 */
export interface Verdict {
  readonly check: ExchangeCheck;
  readonly message: string;
  readonly findings: readonly ExchangeFinding[];
}
