import { endpointList, routerPath } from '@org/model';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bytesOfParts, type JsonPart } from '../../core/json.js';
import type { PageObserver } from '../../http/register-routes.js';
import { isControlTarget } from '../api/prefix.js';
import { type JournalRecord, journalTextOf, type RequestJournal } from './journal.js';

/*
 * How the journal learns of each exchange but the control API's own: the request as it came, and
 * the answer as it went out, whether through the reply (onSend) or written part by part past it (a
 * page: the app's PageObserver).
 */

/** The API's operationId a route serves, for the journal. */
const OPERATION_OF_ROUTE = new Map<string, string>(
  endpointList().map(([id, ep]) => [`${ep.method} ${routerPath(ep.path)}`, id]),
);

/**
 * Names of headers and query parameters whose values the journal never shows: the journal is read
 * by anyone who can reach the sandbox, and tests print it when they fail.
 */
const SECRET_NAME = /authorization|cookie|token|secret|password|api[-_]?key|credential|session/i;
const REDACTED = '[redacted]';

/** Headers as the journal shows them: one string per name, secrets redacted. */
function journalHeadersOf(headers: Readonly<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = SECRET_NAME.test(name)
      ? REDACTED
      : Array.isArray(value)
        ? value.join(', ')
        : String(value);
  }
  return out;
}

/** The query parameters of a request target, decoded (repeated ones as arrays), secrets redacted. */
function journalQueryOf(search: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, raw] of new URLSearchParams(search)) {
    const value = SECRET_NAME.test(name) ? REDACTED : raw;
    const before = out[name];
    out[name] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return out;
}

/** An answer as it went out: its text, and the headers of a page written past the reply. */
interface Answer {
  text: string | null;
  headers?: Readonly<Record<string, unknown>>;
}

/** One exchange as the journal keeps it: the request and the answer, headers and bodies. */
function journalRecordOf(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: Answer | undefined,
): JournalRecord {
  const mark = request.url.indexOf('?');
  const route = `${request.method} ${request.routeOptions.url}`;
  return {
    id: request.id,
    at: new Date().toISOString(),
    operation: OPERATION_OF_ROUTE.get(route) ?? null,
    method: request.method,
    url: request.url,
    path: mark < 0 ? request.url : request.url.slice(0, mark),
    query: mark < 0 ? {} : journalQueryOf(request.url.slice(mark + 1)),
    status: reply.statusCode,
    ms: Math.round(reply.elapsedTime * 10) / 10,
    request: { headers: journalHeadersOf(request.headers), body: journalTextOf(request.body) },
    response: {
      headers: journalHeadersOf(answer?.headers ?? reply.getHeaders()),
      body: answer?.text ?? null,
    },
  };
}

/** The hooks that keep every exchange but the control API's in the journal, and the page observer. */
export function journalRecorder(journal: RequestJournal): {
  addHooks(app: FastifyInstance): void;
  onPageWritten: PageObserver;
} {
  const answers = new WeakMap<FastifyRequest, Answer>();
  return {
    addHooks(app) {
      app.addHook('onSend', async function keepAnswerText(request, _reply, payload) {
        if (!isControlTarget(request.url)) answers.set(request, { text: journalTextOf(payload) });
        return payload;
      });
      app.addHook('onResponse', async function journalRequest(request, reply) {
        if (isControlTarget(request.url)) return;
        journal.add(journalRecordOf(request, reply, answers.get(request)));
      });
    },
    // A page written part by part never passes onSend: its text and headers are kept here.
    onPageWritten: function keepPageText(request, parts: readonly JsonPart[], headers) {
      answers.set(request, { text: journalTextOf(bytesOfParts(parts)), headers });
    },
  };
}
