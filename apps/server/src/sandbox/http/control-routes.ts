import type { EndpointDefinition } from '@org/model';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ApiError } from '../../core/api-error.js';
import { assertNoNulCharacters, parseOrThrow } from '../../core/validate.js';
import { readJsonBody } from '../../http/json-body.js';
import type { ServedRoute } from '../../http/register-routes.js';
import { BODY_NAMED_BY_PATH, type SandboxEndpointId, sandboxEndpointList } from '../api/endpoints.js';
import type { SandboxControl } from '../control.js';
import {
  clearJournal,
  clearRateLimits,
  createWorld,
  dropWorld,
  readClock,
  readJournal,
  readSandboxDocument,
  resetClock,
  resetSandbox,
  setClock,
} from './control-handlers.js';
import type { RequestJournal } from './journal.js';
import { changeProviderState, listProviderStates } from './provider-state-handlers.js';
import { createDataPoint, createRecord } from './record-handlers.js';
import type { ControlContext, ControlHandlerTable } from './types.js';

/** Every control endpoint's handler, keyed like the table (sandbox/api/endpoints.ts). */
const CONTROL_HANDLERS = {
  resetSandbox,
  createWorld,
  dropWorld,
  clearRateLimits,
  readJournal,
  clearJournal,
  readClock,
  setClock,
  resetClock,
  listProviderStates,
  changeProviderState,
  readSandboxDocument,
  createRecord,
  createDataPoint,
} satisfies ControlHandlerTable;

type AnyControlHandler = (ctx: ControlContext) => ReturnType<ControlHandlerTable[SandboxEndpointId]>;

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The control API's entries of the app's route table, served by the same loop as the API's
 * (http/register-routes.ts) with hooks of their own: no authentication and no rate limit (a control
 * request adds to no counter), the path, query and body parsed with the endpoint's schemas as the
 * sandbox reads them, then the endpoint's handler.
 */
export function controlRoutes(control: SandboxControl, journal: RequestJournal): ServedRoute[] {
  return sandboxEndpointList().map(([id, ep]) => ({
    endpoint: ep,
    answerRequest: controlAnswerOf(id, ep, CONTROL_HANDLERS[id] as AnyControlHandler, { control, journal }),
  }));
}

function controlAnswerOf(
  id: SandboxEndpointId,
  ep: EndpointDefinition,
  handler: AnyControlHandler,
  acts: Pick<ControlContext, 'control' | 'journal'>,
) {
  const bodyNamedByPath = BODY_NAMED_BY_PATH[id as keyof typeof BODY_NAMED_BY_PATH] as
    | ((params: unknown) => z.ZodType)
    | undefined;
  return async function answerControlRequest(request: FastifyRequest, reply: FastifyReply) {
    const params = ep.params ? namedByPath(ep.params, request.params) : undefined;
    const query = ep.query ? parseOrThrow(ep.query, request.query ?? {}, 'query parameters') : undefined;
    const body = ep.body ? controlBodyOf(request, bodyNamedByPath?.(params) ?? ep.body) : undefined;
    const result = await handler({
      params,
      query,
      body,
      headers: request.headers,
      ...acts,
    } as ControlContext);
    reply.code(result.status);
    if (result.json === undefined) return reply.send();
    return reply.type(JSON_TYPE).send(result.json);
  };
}

/**
 * The path's parameters; a path naming nothing the sandbox has (a table, a metric, a world) is a
 * 404 whatever is wrong with it, its detail the message of the parameter's schema (api/params.ts).
 */
function namedByPath(schema: z.ZodType, raw: unknown): unknown {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  throw new ApiError('not_found', result.error.issues[0]!.message);
}

/**
 * A body as the sandbox reads it, checked as every write of the API is: JSON media type, valid,
 * bounded, no NUL; then the schema, each message naming its field ('Unknown field.' for one it does
 * not have). A body the endpoint also takes as absent may be left out.
 */
function controlBodyOf(request: FastifyRequest, schema: z.ZodType): unknown {
  const absent = typeof request.body !== 'string' || request.body.trim() === '';
  if (absent && schema.safeParse(undefined).success) return undefined;
  const json = readJsonBody(request);
  assertNoNulCharacters(json, 'body');
  return parseOrThrow(schema, json, 'body');
}
