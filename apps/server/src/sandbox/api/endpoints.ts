import { ANALYTICS_METRIC_NAMES, type EndpointDefinition, endpoint } from '@org/model';
import { z } from 'zod';
import { closedSetParam, idParam } from './params.js';
import { SANDBOX_JOURNAL_PATH, SANDBOX_PREFIX, SANDBOX_RESET_PATH } from './prefix.js';
import { dataPointInputSchemaFor, SANDBOX_RECORD_INPUTS } from './record-inputs.js';
import {
  AnyDataPointInputSchema,
  AnyDataPointSchema,
  AnyRecordInputSchema,
  AnyRecordSchema,
  RECORD_TABLES,
} from './records.js';
import {
  ClockRequestSchema,
  ClockSchema,
  JournalQuerySchema,
  JournalSchema,
  OpenApiDocumentSchema,
  ProviderStateCatalogueSchema,
  ProviderStateChangeSchema,
  SandboxWorldSchema,
  StateValuesSchema,
  WorldRequestSchema,
} from './schemas.js';

/**
 * The sandbox control API as an endpoint table in the model's shape, keyed by operationId: the same
 * loop as the API's registers its routes (http/register-routes.ts), the model's generator writes its
 * document (document.ts), and its statuses are derived from each entry's shape as the API's are.
 * It lives in the server, not the model: the control API is not part of the published API and binds
 * no client.
 */

/**
 * Every control endpoint: counted by no rate limit, asks nobody who they are, and (as every path
 * below the prefix) answers 404 on a server started without the sandbox.
 */
const CONTROL = { group: null, authorization: 'none', tag: 'Control', additionalErrors: [404] } as const;
/** A record is made in the organization of the token when the body names none. */
const RECORDS = { ...CONTROL, authorization: 'optional', tag: 'Records' } as const;

const ORGANIZATION =
  'The record is created in `organization_id` when the body names it, otherwise in the organization of the `Authorization` token (with `Service-Organization-Id`, as the API reads it).';

export const sandboxEndpoints = {
  resetSandbox: endpoint({
    method: 'POST',
    path: SANDBOX_RESET_PATH,
    ...CONTROL,
    summary: 'Back to the seeded world',
    description:
      'Records, ids, rate-limit counters, the journal, worlds made since, and the clock (back to real time).',
    success: { 204: null },
  }),
  createWorld: endpoint({
    method: 'POST',
    path: `${SANDBOX_PREFIX}/worlds`,
    ...CONTROL,
    summary: 'A world of its own',
    description: 'A customer with organizations, their tokens, a widget and an operator of each role.',
    // No body at all asks for the default world.
    body: WorldRequestSchema.optional(),
    success: { 201: SandboxWorldSchema },
  }),
  dropWorld: endpoint({
    method: 'DELETE',
    path: `${SANDBOX_PREFIX}/worlds/{id}`,
    ...CONTROL,
    summary: 'Drop a world',
    description: 'Drops a world made by POST /_sandbox/worlds (never the seeded one: 400).',
    params: z.strictObject({
      id: idParam('The id of the world (its customer).', (id) => `No sandbox world ${id}.`),
    }),
    success: { 204: null },
    additionalErrors: [400, 404],
  }),
  clearRateLimits: endpoint({
    method: 'DELETE',
    path: `${SANDBOX_PREFIX}/rate-limits`,
    ...CONTROL,
    summary: 'Clear the rate-limit counters',
    description: 'Every counter starts again.',
    success: { 204: null },
  }),
  readJournal: endpoint({
    method: 'GET',
    path: SANDBOX_JOURNAL_PATH,
    ...CONTROL,
    summary: 'The request journal',
    description:
      'The requests since the last reset, oldest first, with their answers (the control API excluded): method, path, query, headers and body of each request, status, headers and body of each answer. Tokens are redacted. The filters narrow it; a filter that is not one answers 400.',
    query: JournalQuerySchema,
    success: { 200: JournalSchema },
  }),
  clearJournal: endpoint({
    method: 'DELETE',
    path: SANDBOX_JOURNAL_PATH,
    ...CONTROL,
    summary: 'Empty the journal',
    description: 'Forgets the journal.',
    success: { 204: null },
  }),
  readClock: endpoint({
    method: 'GET',
    path: `${SANDBOX_PREFIX}/clock`,
    ...CONTROL,
    summary: 'The server’s clock',
    description: 'The server’s now: real time, or the moment set by PUT.',
    success: { 200: ClockSchema },
  }),
  setClock: endpoint({
    method: 'PUT',
    path: `${SANDBOX_PREFIX}/clock`,
    ...CONTROL,
    summary: 'Set or advance the clock',
    description:
      'Sets the server’s now (created and updated timestamps, the analytics default day, the daily rate-limit window) for every instance on the database. The clock then stands still until set, advanced or deleted; `advance` from real time starts from now.',
    body: ClockRequestSchema,
    success: { 200: ClockSchema },
  }),
  resetClock: endpoint({
    method: 'DELETE',
    path: `${SANDBOX_PREFIX}/clock`,
    ...CONTROL,
    summary: 'Back to real time',
    description: 'The clock runs with real time again.',
    success: { 200: ClockSchema },
  }),
  listProviderStates: endpoint({
    method: 'GET',
    path: `${SANDBOX_PREFIX}/provider-states`,
    ...CONTROL,
    summary: 'The provider state catalogue',
    description:
      'Every Pact provider state the sandbox sets up: its name, what it does, the JSON schema of its parameters and the names of the values it returns.',
    success: { 200: ProviderStateCatalogueSchema },
  }),
  changeProviderState: endpoint({
    method: 'POST',
    path: `${SANDBOX_PREFIX}/provider-states`,
    ...CONTROL,
    summary: 'Set a provider state up (Pact’s state-change URL)',
    description:
      'The request a Pact verifier sends to its state-change URL (`{ state, params, action }`). `setup` creates what the state names in the organization of the world’s first token and answers the values it returns; `teardown` resets the sandbox. An unknown state answers 400 naming it and listing the catalogue; parameters that are wrong answer 400 naming each (`params.<name>`).',
    body: ProviderStateChangeSchema,
    success: { 200: StateValuesSchema },
  }),
  readSandboxDocument: endpoint({
    method: 'GET',
    path: `${SANDBOX_PREFIX}/openapi.json`,
    ...CONTROL,
    summary: 'This document',
    description: 'The OpenAPI document of the sandbox control API.',
    success: { 200: OpenApiDocumentSchema },
  }),
  createRecord: endpoint({
    method: 'POST',
    path: `${SANDBOX_PREFIX}/records/{resource}`,
    ...RECORDS,
    summary: 'Create a record of a table',
    description: `Any record of the world, including what the API cannot create, so a test can set up any state. Validated by the model as the table's record (the body of each table is one of the request body's forms, in the order of the path's tables); answers the record as the API's GET renders it. ${ORGANIZATION} A reset removes it.`,
    params: z.strictObject({
      resource: closedSetParam(
        RECORD_TABLES,
        'The table of the record.',
        (table) => `No sandbox records of ${table}; known: ${RECORD_TABLES.join(', ')}, analytics/<metric>.`,
      ),
    }),
    body: AnyRecordInputSchema,
    success: { 201: AnyRecordSchema },
  }),
  createDataPoint: endpoint({
    method: 'POST',
    path: `${SANDBOX_PREFIX}/records/analytics/{metric}`,
    ...RECORDS,
    summary: 'Create a data point of a metric',
    description: `Validated by the model as the metric's data point (metrics of one kind take the same one of the request body's forms); answers the data point as /api/um/v1/analytics/{metric}/ renders it. ${ORGANIZATION} A reset removes it.`,
    params: z.strictObject({
      metric: closedSetParam(
        ANALYTICS_METRIC_NAMES,
        'The metric of the data point.',
        (metric) => `Unknown analytics metric ${metric}.`,
      ),
    }),
    body: AnyDataPointInputSchema,
    success: { 201: AnyDataPointSchema },
  }),
} as const;

export type SandboxEndpoints = typeof sandboxEndpoints;
export type SandboxEndpointId = keyof SandboxEndpoints;

/** The table as a list, as the route loop and the document generator take it. */
export function sandboxEndpointList(): Array<[SandboxEndpointId, EndpointDefinition]> {
  return Object.entries(sandboxEndpoints) as Array<[SandboxEndpointId, EndpointDefinition]>;
}

type ParsedParams<K extends SandboxEndpointId> = z.output<NonNullable<SandboxEndpoints[K]['params']>>;

/**
 * The schema a body is parsed with where the path names which: the record of the path's table,
 * the data point of its metric. The entry's own `body` describes any of them (the document, the
 * handler's type); parsing with the one named keeps each field's message.
 */
export const BODY_NAMED_BY_PATH: {
  readonly [K in 'createRecord' | 'createDataPoint']: (params: ParsedParams<K>) => z.ZodType;
} = {
  createRecord: ({ resource }) => SANDBOX_RECORD_INPUTS[resource],
  createDataPoint: ({ metric }) => dataPointInputSchemaFor(metric),
};
