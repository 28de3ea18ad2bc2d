import { type EndpointId, endpoints } from '@org/model';
import type { FuzzCheck } from '../../src/fuzz/fuzz.js';
import type { Fault, ProxiedAnswer, ProxiedRequest } from './fault-proxy.js';

/** The two organizations of a sandbox world a fault run fuzzes. */
export interface WorldTokens {
  readonly token: string;
  readonly otherToken: string;
}

/**
 * A fault planted in front of the reference server, and the check that must catch it. All of them
 * are planted at once, each on operations of its own, so that one run at the default seed and
 * request count shows each caught by its own check and none hiding another.
 */
export interface PlantedFault {
  readonly name: string;
  readonly check: FuzzCheck;
  /** The operation the finding must name, and its status where another one could show up too. */
  readonly operationId: string;
  readonly status?: number;
  /** Other operations where the same fault is seen, by the same check (a walk reads on after it). */
  readonly alsoOn?: readonly string[];
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

/** The request is one of the operation's: its method, and its path template with ids filled in. */
function at(req: ProxiedRequest, operationId: EndpointId): boolean {
  const { method, path } = endpoints[operationId];
  return req.method === method && new RegExp(`^${path.replace(/\{\w+\}/g, '\\d+')}$`).test(req.path);
}
function idOf(req: ProxiedRequest): number {
  return Number(/\/(\d+)\/$/.exec(req.path)?.[1]);
}

/** Ids of the records created through the proxy (a 201 of the `creator` operation). */
function createdIds(creator: EndpointId) {
  const ids = new Set<number>();
  function remember(req: ProxiedRequest, answer: ProxiedAnswer): ProxiedAnswer {
    if (answer.status === 201 && at(req, creator)) ids.add(JSON.parse(answer.body).id as number);
    return answer;
  }
  return { ids, remember };
}

/** Marks a request the use-after-free fault sent upstream as a read instead of a delete. */
const READ_FOR_DELETE = 'x-planted-read-for-delete';
function withoutContentType(headers: Record<string, string>): Record<string, string> {
  const { 'content-type': _, ...rest } = headers;
  return rest;
}

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
    name: 'listNavigationEvents answers 500',
    check: 'not_a_server_error',
    operationId: 'listNavigationEvents',
    fault: changedAnswers(
      (req) => at(req, 'listNavigationEvents'),
      () => json(500, { detail: 'Boom.', code: 'error' }),
    ),
  },
  {
    name: 'listAllContacts answers 418, a status it does not document',
    check: 'status_code_conformance',
    operationId: 'listAllContacts',
    fault: changedAnswers(
      (req, a) => at(req, 'listAllContacts') && a.status === 200,
      () => json(418, { detail: 'Teapot.', code: 'error' }),
    ),
  },
  {
    name: 'listAllConversations answers text/plain',
    check: 'content_type_conformance',
    operationId: 'listAllConversations',
    fault: changedAnswers(
      (req, a) => at(req, 'listAllConversations') && a.status === 200,
      (a) => ({ ...a, headers: { ...a.headers, 'content-type': 'text/plain' } }),
    ),
  },
  {
    name: 'getOperatorSlots drops X-RateLimit-Remaining',
    check: 'response_headers_conformance',
    operationId: 'getOperatorSlots',
    fault: changedAnswers(
      (req) => at(req, 'getOperatorSlots'),
      (a) => {
        const { 'x-ratelimit-remaining': _, ...headers } = a.headers;
        return { ...a, headers };
      },
    ),
  },
  {
    name: "listMessages' results are not a list",
    check: 'response_schema_conformance',
    operationId: 'listMessages',
    fault: changedAnswers(
      (req, a) => at(req, 'listMessages') && a.status === 200,
      (a) => ({ ...a, body: JSON.stringify({ ...JSON.parse(a.body), results: 'broken' }) }),
    ),
  },
  {
    name: 'updateConversation accepts what it refused (400 → 200, the last conversation it answered)',
    check: 'negative_data_rejection',
    operationId: 'updateConversation',
    fault: () => {
      let last: ProxiedAnswer | undefined;
      return {
        answer: (req, a) => {
          if (!at(req, 'updateConversation')) return a;
          if (a.status === 200) last = a;
          return a.status === 400 && last ? last : a;
        },
      };
    },
  },
  {
    name: 'a metric refuses what it accepted (200 → 400)',
    check: 'positive_data_acceptance',
    operationId: 'analytics_um_conversation_duration',
    fault: changedAnswers(
      (req, a) => at(req, 'analytics_um_conversation_duration') && a.status === 200,
      () => json(400, { detail: 'The request is invalid.', code: 'invalid' }),
    ),
  },
  {
    name: 'deleteContact checks the request as a read does, answers 204 and deletes nothing',
    check: 'use_after_free',
    operationId: 'getContact',
    // The contact stays: still listed, its note still read, and it still takes a new note.
    alsoOn: ['listContacts', 'getNote', 'createNote'],
    fault: () => ({
      // Sent upstream as a read of the contact, so that a request the delete would refuse (no token,
      // another organization's, a bad parameter) is refused all the same.
      request: (req) =>
        at(req, 'deleteContact')
          ? { ...req, method: 'GET', headers: { ...req.headers, [READ_FOR_DELETE]: '1' } }
          : req,
      answer: (req, a) =>
        req.headers[READ_FOR_DELETE] && a.status === 200
          ? { status: 204, headers: withoutContentType(a.headers), body: '' }
          : a,
    }),
  },
  {
    name: 'a created note is missing from listNotes',
    check: 'ensure_resource_availability',
    operationId: 'listNotes',
    fault: () => {
      const created = createdIds('createNote');
      return {
        answer: (req, a) => {
          created.remember(req, a);
          if (!at(req, 'listNotes') || a.status !== 200) return a;
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
    fault: ({ token, otherToken }) => ({
      request: (req) =>
        at(req, 'listOperators') && ![token, otherToken].includes(req.headers.authorization ?? '')
          ? { ...req, headers: { ...req.headers, authorization: token } }
          : req,
    }),
  },
  {
    name: "the other organization's token reads the run's conversation",
    check: 'tenancy',
    operationId: 'getConversation',
    fault: ({ token, otherToken }) => ({
      request: (req) =>
        at(req, 'getConversation') && req.headers.authorization === otherToken
          ? { ...req, headers: { ...req.headers, authorization: token } }
          : req,
    }),
  },
  {
    name: 'a created note is read slowly (1.5 s, the limit 1 s)',
    check: 'max_response_time',
    operationId: 'getNote',
    status: 200,
    fault: () => {
      const created = createdIds('createNote');
      return {
        answer: async (req, a) => {
          if (at(req, 'getNote') && a.status === 200 && created.ids.has(idOf(req)))
            await new Promise((r) => setTimeout(r, 1500));
          return created.remember(req, a);
        },
      };
    },
  },
];

/** The run's `--max-response-time`: the slow note's fault is 1.5 s. */
export const MAX_RESPONSE_TIME_MS = 1000;

/**
 * Every fault at once, for one world: a request goes through each fault's `request` in turn (the
 * first that answers by itself answers), and the answer through each fault's `answer`. One fault
 * object serves every proxy of a run, so what a fault remembers spans the instances.
 */
export function allFaults(world: WorldTokens): Fault {
  const faults = PLANTED_FAULTS.map((planted) => planted.fault(world));
  return {
    request(req) {
      let current: ProxiedRequest = req;
      for (const fault of faults) {
        const changed = fault.request?.(current) ?? current;
        if ('status' in changed) return changed;
        current = changed;
      }
      return current;
    },
    async answer(req, answer) {
      let current = answer;
      for (const fault of faults) if (fault.answer) current = await fault.answer(req, current);
      return current;
    },
  };
}
