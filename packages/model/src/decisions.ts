/**
 * The short form of the API decisions taken where the descriptions are silent; the full text of each
 * is docs/decisions/api/NNNN-*.md, whose `Summary:` line must read the same (docs/test/decisions.test.ts).
 * Schemas and endpoints carry `x-um-decision` with these ids so readers can tell spec from decision.
 */
export const DECISIONS = {
  D1: 'Error body: { detail, code } plus errors per field for validation errors; one code per status family.',
  D2: 'Rate limits: Retry-After and X-RateLimit-* headers on every authenticated answer (errors included), UTC-day window, burst limit, analytics per metric.',
  D3: 'Tokens: raw token header, stored hashed; organization and operator context headers.',
  D4: 'Operator record, roles, slots and away status.',
  D5: 'Note and navigation event records; their lists are offset pages.',
  D6: 'Offset pages: true count, 10,000 reachable, absolute links, limit validation.',
  D7: 'Cursor pages: plain id cursors, "-" for before, absolute links.',
  D8: 'Ongoing conversations and bulk DELETE rules.',
  D9: 'exclude_ids on a single resource answers 404.',
  D10: 'PUT contact_identities/?identifier= upserts on one identifier field.',
  D11: 'Search: english stemming, prefix match, OR of keywords, ts_rank ordering.',
  D12: 'Write requests: Content-Type, malformed JSON, unknown and read-only fields.',
  D13: 'v2 answers 410 to every method; unversioned analytics serves the latest version.',
  D14: 'Analytics: ordering, 10,000 points per response (fewer with limit) with a next link, 93-day cap, time format; event_date and event_date_from/event_date_to together answer 400.',
  D15: 'v3 timestamps always carry six fractional digits and Z.',
  D16: 'Cursor pages (all endpoints, messages) cap limit at 100; notes, navigation and operators lists are offset pages ordered by id.',
  D17: 'Unknown query parameters answer 400 invalid naming the parameter; a repeated parameter takes its last value.',
  D18: 'Open value sets (status, gender, salutation, message type, part_type) accept any string; known values are documented.',
  D19: 'Shapes the description does not show: um_widget_goals and unread_messages_operator items, survey options and visits are free-form JSON.',
  D20: 'external_customer_id is a string; chat_widget_id is an alias of um_widget_id.',
  D21: 'Analytics value_str formats the description does not show (topic change, conversation category, manual forward).',
  D24: 'Concurrent writes: row locks in one order, deadlocks and serialization failures retried 5 times, then 503 unavailable with Retry-After.',
  D25: 'Redis down: per-instance rate-limit counters with a logged warning until Redis answers again.',
  D26: 'Input bounds: indexed strings and string filters at most 500 characters, note bodies 10,000, arrays 100 items, JSON bodies 32 levels deep; beyond them 400 naming the limit.',
  D27: 'Transport limits: a body over 1 MiB answers 400 naming the limit, a path parameter too long 414, headers too large 431, bad percent-encoding 400, all in the error body; 1,000 requests per keep-alive connection.',
  D28: 'Email fields: one @ and no whitespace, the same pattern in the document and the server.',
  D29: 'Page links are built from the configured public URL, or from a valid Host header (400 otherwise).',
  D45: 'An empty query value is invalid (400; the document says minLength 1) except where it is documented to mean no narrowing (search_query, operator_mode).',
  D46: 'Ids inside string parameters (id lists, cursors) are 1 to 2147483647 without sign, leading zero or space; the document states the bound in each pattern, and beyond it the server answers 400.',
  D47: "Search reads the first 100,000 characters of the notes of a contact and of the messages of a conversation, so a search vector always fits PostgreSQL's 1 MB limit.",
} as const;

export type DecisionId = keyof typeof DECISIONS;

/** OpenAPI extension marking a schema or operation as decided by us rather than described. */
export function decided(...ids: DecisionId[]) {
  return { 'x-um-decision': ids.join(', ') };
}
