import { queryValue } from './query.js';

/**
 * What a server rule reads of an exchange: the operation, the request's method, query and JSON
 * body, the status and the answer's JSON. A fuzzer's exchange is one; so is a recorded one.
 */
export interface ExemptionSubject {
  readonly op: { readonly id: string };
  readonly req: {
    readonly method: string;
    readonly query: ReadonlyArray<{ readonly name: string; readonly value: string }>;
    readonly body?: { readonly json?: unknown } | undefined;
  };
  readonly answer: { readonly status: number };
  readonly json: { readonly value: unknown } | undefined;
}

/**
 * Server rules the OpenAPI document cannot express, from docs/decisions/api/. Answers they explain are
 * not findings; the report lists each with how often it applied.
 */
interface Exemption {
  readonly id: string;
  readonly rule: string;
  readonly applies: (exchange: ExemptionSubject) => boolean;
}

const DAY_MS = 86_400_000;

/** A range bound as the analytics endpoints read it: a day (to its end) or a second. */
function boundOf(raw: string | undefined, end: boolean): number | undefined {
  if (!raw) return undefined;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(raw);
  const ms = Date.parse(day ? `${raw}T00:00:00Z` : `${raw.slice(0, 19)}Z`);
  if (Number.isNaN(ms)) return undefined;
  return end ? ms + (day ? DAY_MS : 1000) : ms;
}

export const EXEMPTIONS: readonly Exemption[] = [
  {
    id: 'D14 93-day cap',
    rule: 'docs/decisions D14: an analytics range over 93 days answers 400.',
    applies: ({ req, answer }) => {
      const from = boundOf(queryValue(req, 'event_date_from'), false);
      const to = boundOf(queryValue(req, 'event_date_to'), true);
      return answer.status === 400 && from !== undefined && to !== undefined && to - from > 93 * DAY_MS;
    },
  },
  {
    id: 'D14 event_date or a range',
    rule: 'docs/decisions D14: event_date together with event_date_from or event_date_to answers 400.',
    applies: ({ req, answer }) =>
      answer.status === 400 &&
      queryValue(req, 'event_date') !== undefined &&
      (queryValue(req, 'event_date_from') !== undefined || queryValue(req, 'event_date_to') !== undefined),
  },
  {
    id: 'D4 operator groups',
    rule: 'docs/decisions D4: operator_group_ids must name operator groups of the organization; others answer 400 naming them.',
    applies: ({ op, req, answer }) => {
      const body = req.body?.json as { operator_group_ids?: unknown } | undefined;
      return answer.status === 400 && op.id === 'updateOperator' && Array.isArray(body?.operator_group_ids);
    },
  },
  {
    id: "D5 a note's contact",
    rule: 'docs/decisions D5: a note is created about a contact of the organization; a contact_identity_id that names none (never one, or deleted earlier in the run) answers 400 naming it.',
    applies: ({ op, answer, json }) => {
      const errors = (json?.value as { errors?: Record<string, unknown> } | undefined)?.errors;
      return answer.status === 400 && op.id === 'createNote' && errors?.contact_identity_id !== undefined;
    },
  },
  {
    id: 'D10 upsert identifier',
    rule: 'docs/decisions D10: PUT contact_identities/?identifier=<field> without a value of that field in the body answers 400.',
    applies: ({ req, answer }) => {
      const identifier = queryValue(req, 'identifier');
      if (answer.status !== 400 || req.method !== 'PUT' || !identifier) return false;
      const body = req.body?.json as Record<string, unknown> | undefined;
      return body?.[identifier] === undefined || body[identifier] === null || body[identifier] === '';
    },
  },
];

/** Documented rules applied as checks rather than exemptions (listed in the report too). */
export const APPLIED_RULES: ReadonlyArray<{ id: string; rule: string }> = [
  {
    id: 'D6/D16 clamp',
    rule: 'A page size above x-um-clamp-to is valid (replaced by the clamp); pages never hold more than the clamp.',
  },
  { id: 'D17 unknown parameters', rule: 'An unknown query parameter must answer 400: a 2xx is a finding.' },
  {
    id: 'D12 write requests',
    rule: 'Wrong Content-Type (415), malformed JSON and unknown fields (400): a 2xx is a finding.',
  },
  {
    id: 'D3 organization header',
    rule: 'An organization token ignores Service-Organization-Id: garbage there may answer 2xx.',
  },
];

/** The id of the server rule that explains a 400 to a request, whatever its origin. */
export function serverRuleExplaining(exchange: ExemptionSubject): string | undefined {
  if (exchange.answer.status !== 400) return undefined;
  return EXEMPTIONS.find((e) => e.applies(exchange))?.id;
}
