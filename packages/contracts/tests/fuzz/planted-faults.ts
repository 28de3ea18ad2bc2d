import type { FuzzCheck, FuzzOptions } from '../../src/fuzz/fuzz.js';
import type { Fault, ProxiedAnswer, ProxiedRequest } from './fault-proxy.js';

/** The two organizations of a sandbox world a fault run fuzzes. */
export interface WorldTokens {
  readonly token: string;
  readonly otherToken: string;
}

/** A fault switched on alone for one fuzz run, and the check that must catch it. */
export interface PlantedFault {
  readonly name: string;
  readonly check: FuzzCheck;
  /** The operation the finding must name, and its status where another one could show up too. */
  readonly operationId: string;
  readonly status?: number;
  /** The operations it concerns (the run's --only). */
  readonly only: RegExp;
  readonly options?: Partial<FuzzOptions>;
  readonly fault: (world: WorldTokens) => Fault;
}

const RATE_LIMIT_HEADERS = {
  'x-ratelimit-limit': '1000',
  'x-ratelimit-remaining': '999',
  'x-ratelimit-reset': '1',
};

function json(status: number, body: unknown): ProxiedAnswer {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...RATE_LIMIT_HEADERS },
    body: JSON.stringify(body),
  };
}

const V3 = '/api/um/v3';
const item = (req: ProxiedRequest, segment: string, method: string) =>
  req.method === method && new RegExp(`^${V3}/${segment}/\\d+/$`).test(req.path);
const list = (req: ProxiedRequest, segment: string, method: string) =>
  req.method === method && req.path === `${V3}/${segment}/`;
const idOf = (req: ProxiedRequest) => Number(/\/(\d+)\/$/.exec(req.path)?.[1]);

/** Ids of the records created through the proxy (a 201 of `segment`'s collection). */
function createdIds(segment: string) {
  const ids = new Set<number>();
  const remember = (req: ProxiedRequest, answer: ProxiedAnswer) => {
    if (answer.status === 201 && req.path === `${V3}/${segment}/`)
      ids.add(JSON.parse(answer.body).id as number);
    return answer;
  };
  return { ids, remember };
}

const NOTES = /^(createNote|getNote|listNotes|deleteNote)$/;
const CONTACTS = /^(upsertContact|getContact|listContacts|updateContact|deleteContact)$/;

const NOTE = {
  id: 1,
  contact_identity_id: 1,
  operator_id: null,
  body: 'Planted.',
  created_at: '2025-01-01T00:00:00.000000Z',
  updated_at: '2025-01-01T00:00:00.000000Z',
};

/** A fault that changes the answers `when` picks out. */
function changedAnswers(
  when: (req: ProxiedRequest, answer: ProxiedAnswer) => boolean,
  change: (answer: ProxiedAnswer) => ProxiedAnswer,
): () => Fault {
  return () => ({ answer: (req, a) => (when(req, a) ? change(a) : a) });
}

/** The faults, one per check; nothing here ships (tests/ is not part of the package). */
export const PLANTED_FAULTS: readonly PlantedFault[] = [
  {
    name: 'getNote answers 500',
    check: 'not_a_server_error',
    operationId: 'getNote',
    only: NOTES,
    fault: changedAnswers(
      (req) => item(req, 'notes', 'GET'),
      () => json(500, { detail: 'Boom.', code: 'error' }),
    ),
  },
  {
    name: 'getContact answers 418, a status it does not document',
    check: 'status_code_conformance',
    operationId: 'getContact',
    only: CONTACTS,
    fault: changedAnswers(
      (req, a) => item(req, 'contact_identities', 'GET') && a.status === 200,
      () => json(418, { detail: 'Teapot.', code: 'error' }),
    ),
  },
  {
    name: 'listNotes answers text/plain',
    check: 'content_type_conformance',
    operationId: 'listNotes',
    only: NOTES,
    fault: changedAnswers(
      (req, a) => list(req, 'notes', 'GET') && a.status === 200,
      (a) => ({ ...a, headers: { ...a.headers, 'content-type': 'text/plain' } }),
    ),
  },
  {
    name: 'getNote drops X-RateLimit-Remaining',
    check: 'response_headers_conformance',
    operationId: 'getNote',
    only: NOTES,
    fault: changedAnswers(
      (req) => item(req, 'notes', 'GET'),
      (a) => {
        const { 'x-ratelimit-remaining': _, ...headers } = a.headers;
        return { ...a, headers };
      },
    ),
  },
  {
    name: "getContact's id is a string",
    check: 'response_schema_conformance',
    operationId: 'getContact',
    only: CONTACTS,
    fault: changedAnswers(
      (req, a) => item(req, 'contact_identities', 'GET') && a.status === 200,
      (a) => ({ ...a, body: JSON.stringify({ ...JSON.parse(a.body), id: 'broken' }) }),
    ),
  },
  {
    name: 'createNote accepts what it refused (400 → 201)',
    check: 'negative_data_rejection',
    operationId: 'createNote',
    only: NOTES,
    fault: changedAnswers(
      (req, a) => list(req, 'notes', 'POST') && a.status === 400,
      () => json(201, NOTE),
    ),
  },
  {
    name: 'createNote refuses what it accepted (201 → 400)',
    check: 'positive_data_acceptance',
    operationId: 'createNote',
    only: NOTES,
    fault: changedAnswers(
      (req, a) => list(req, 'notes', 'POST') && a.status === 201,
      () => json(400, { detail: 'The request is invalid.', code: 'invalid' }),
    ),
  },
  {
    name: 'deleteContact answers 204 and forwards nothing',
    check: 'use_after_free',
    operationId: 'getContact',
    only: CONTACTS,
    fault: () => ({
      request: (req) =>
        item(req, 'contact_identities', 'DELETE')
          ? { status: 204, headers: RATE_LIMIT_HEADERS, body: '' }
          : req,
    }),
  },
  {
    name: 'a created contact answers 404',
    check: 'ensure_resource_availability',
    operationId: 'getContact',
    only: CONTACTS,
    fault: () => {
      const created = createdIds('contact_identities');
      return {
        request: (req) =>
          item(req, 'contact_identities', 'GET') && created.ids.has(idOf(req))
            ? json(404, { detail: 'No such contact.', code: 'not_found' })
            : req,
        answer: created.remember,
      };
    },
  },
  {
    name: 'a created note is missing from listNotes',
    check: 'ensure_resource_availability',
    operationId: 'listNotes',
    only: NOTES,
    fault: () => {
      const created = createdIds('notes');
      return {
        answer: (req, a) => {
          created.remember(req, a);
          if (!list(req, 'notes', 'GET') || a.status !== 200) return a;
          const page = JSON.parse(a.body) as { results: Array<{ id: number }> };
          return {
            ...a,
            body: JSON.stringify({ ...page, results: page.results.filter((r) => !created.ids.has(r.id)) }),
          };
        },
      };
    },
  },
  {
    name: 'listOperators without a token (or with a wrong one) answers 200',
    check: 'ignored_auth',
    operationId: 'listOperators',
    only: /^(listOperators|getOperator)$/,
    fault: ({ token, otherToken }) => ({
      request: (req) =>
        list(req, 'operators', 'GET') && ![token, otherToken].includes(req.headers.authorization ?? '')
          ? { ...req, headers: { ...req.headers, authorization: token } }
          : req,
    }),
  },
  {
    name: "the other organization's token reads the run's contact",
    check: 'tenancy',
    operationId: 'getContact',
    only: CONTACTS,
    fault: ({ token, otherToken }) => ({
      request: (req) =>
        item(req, 'contact_identities', 'GET') && req.headers.authorization === otherToken
          ? { ...req, headers: { ...req.headers, authorization: token } }
          : req,
    }),
  },
  {
    name: 'a created note is read slowly (1.5 s, the limit 1 s)',
    check: 'max_response_time',
    operationId: 'getNote',
    status: 200,
    only: NOTES,
    options: { maxResponseTimeMs: 1000 },
    fault: () => {
      const created = createdIds('notes');
      return {
        answer: async (req, a) => {
          if (item(req, 'notes', 'GET') && a.status === 200 && created.ids.has(idOf(req)))
            await new Promise((r) => setTimeout(r, 1500));
          return created.remember(req, a);
        },
      };
    },
  },
];
