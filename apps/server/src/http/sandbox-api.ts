import {
  ANALYTICS_METRIC_NAMES,
  dataPointSchemaFor,
  type ErrorStatus,
  IdSchema,
  OperatorRoleSchema,
  resourceOfTable,
  TimestampSchema,
} from '@org/model';
import { z } from 'zod';
import {
  dataPointInputSchemaFor,
  SANDBOX_RECORD_INPUTS as INPUTS,
  type SandboxRecordResource,
} from '../core/sandbox-inputs.js';

/**
 * The sandbox control API as one table: the routes (http/sandbox.ts) parse with these schemas and
 * its OpenAPI document is generated from them, so the two cannot disagree; errors carry the API's
 * error body. Never part of the published API document: the control API binds no client.
 */

export const SANDBOX_PREFIX = '/_sandbox';

const MAX_WORLD_ORGANIZATIONS = 10;
export const WorldRequestSchema = z
  .object({
    organizations: z
      .number()
      .int()
      .min(1)
      .max(MAX_WORLD_ORGANIZATIONS)
      .optional()
      .describe('How many organizations (default 2).'),
  })
  .strict();

const SandboxWorldSchema = z
  .object({
    id: IdSchema.describe('The customer of the world; DELETE /_sandbox/worlds/{id} drops it.'),
    customer_token: z.string(),
    organizations: z.array(
      z
        .object({
          id: IdSchema,
          token: z.string(),
          operators: z.record(OperatorRoleSchema, IdSchema).describe('An operator id per role.'),
        })
        .strict(),
    ),
  })
  .strict();
export type SandboxWorld = z.infer<typeof SandboxWorldSchema>;

const HeadersSchema = z
  .record(z.string(), z.string())
  .describe(
    'Header names in lower case; several values of one name joined by ", ". Authorization, cookies and every header naming a token, key, secret or password show "[redacted]".',
  );
const JournalBodySchema = z
  .unknown()
  .describe(
    'The JSON body as sent, or its text when it is not JSON; null without a body. Beyond 256 K characters: { truncated: true, text }.',
  );

const JournalEntrySchema = z
  .object({
    id: z.string().describe('The request id (X-Request-Id).'),
    at: z.string().datetime().describe('When it was answered (real time).'),
    operation: z
      .string()
      .nullable()
      .describe('The operationId of the API document it was routed to; null for any other path.'),
    method: z.string().describe('The request method, e.g. PATCH.'),
    url: z.string().describe('The request target as sent: path and query string.'),
    path: z.string().describe('The path of the request, without the query string.'),
    query: z
      .record(z.string(), z.union([z.string(), z.array(z.string())]))
      .describe('The query parameters, decoded; a repeated one is an array. Token-like names are redacted.'),
    status: z.number().int().describe('The status answered.'),
    ms: z.number().describe('Milliseconds from the request to the answer.'),
    request: z.object({ headers: HeadersSchema, body: JournalBodySchema }).strict(),
    response: z.object({ headers: HeadersSchema, body: JournalBodySchema }).strict(),
  })
  .strict();
export type JournalEntry = z.infer<typeof JournalEntrySchema>;
const JournalSchema = z.object({ count: z.number().int(), results: z.array(JournalEntrySchema) }).strict();

const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** `GET /_sandbox/requests` filters: each given one must hold; none given is the whole journal. */
export const JournalQuerySchema = z
  .object({
    method: z
      .string()
      .transform((m) => m.toUpperCase())
      .pipe(z.enum(HTTP_METHODS))
      .optional()
      .describe('Only requests of this method (any case), e.g. PATCH.'),
    path: z
      .string()
      .max(2000)
      .regex(/^\//, 'A path starting with /.')
      .optional()
      .describe(
        'Only requests to this path: as sent (/api/um/v3/conversations/1042/, a trailing slash optional), or the API document’s template (/api/um/v3/conversations/{id}/).',
      ),
    status: z
      .string()
      .regex(/^[1-5](?:\d\d|xx)$/, 'A status such as 200, or a class such as 4xx.')
      .optional()
      .describe('Only answers of this status (e.g. 200) or class (e.g. 4xx).'),
    operation: z
      .string()
      .max(200)
      .optional()
      .describe('Only requests routed to this operationId, e.g. updateConversation.'),
  })
  .strict();
export type JournalQuery = z.input<typeof JournalQuerySchema>;

export const ClockSchema = z
  .object({
    now: TimestampSchema.describe('The server’s now.'),
    frozen: z.boolean().describe('True when set (it stands still); false for real time.'),
  })
  .strict();

/** `PUT /_sandbox/clock`: exactly one of `now` and `advance`. */
export const ClockRequestSchema = z
  .object({
    now: z
      .string()
      .datetime({ offset: true })
      .optional()
      .describe('Sets the clock to this moment (ISO 8601 with Z or an offset), where it stands.'),
    advance: z
      .string()
      .max(100)
      .optional()
      .describe('Moves the clock by an ISO 8601 duration, e.g. PT1H, P1DT30M, -PT5M, P1M.'),
  })
  .strict()
  .superRefine((body, ctx) => {
    if ((body.now === undefined) === (body.advance === undefined))
      ctx.addIssue({ code: 'custom', path: [], message: 'Give exactly one of now and advance.' });
  });

/**
 * `POST /_sandbox/provider-states`: Pact's provider-state change request, as a state-change URL or
 * pact-js's `stateHandlers` send it. `params` are the state's (the catalogue validates them).
 */
export const ProviderStateChangeSchema = z
  .object({
    state: z.string().min(1).max(1000).describe('The state’s name, one of GET /_sandbox/provider-states.'),
    params: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('The state’s parameters, as the pact gives them (`given(name, params)`).'),
    action: z
      .enum(['setup', 'teardown'])
      .optional()
      .describe('setup (the default) sets the state up; teardown resets the sandbox (POST /_sandbox/reset).'),
  })
  .passthrough();

const StateValuesSchema = z
  .record(z.string(), z.union([z.string(), z.number()]))
  .describe(
    'The values the state returns (Pact V4 injects them: `fromProviderState`), e.g. the id of a created record.',
  );

const ProviderStateCatalogueSchema = z
  .array(
    z
      .object({
        name: z.string(),
        description: z.string(),
        params: z.record(z.string(), z.unknown()).describe('The JSON schema of its parameters.'),
        returns: z.array(z.string()).describe('The names of the values it returns.'),
      })
      .strict(),
  )
  .describe('Every provider state the sandbox sets up.');

interface RecordResource {
  input: z.ZodType<Record<string, unknown>>;
  record: z.ZodType;
}

function recordResourceOf(table: string, input: z.ZodType<Record<string, unknown>>): RecordResource {
  return { input, record: resourceOfTable(table)![1].record as z.ZodType };
}

/** A record body and the record it answers, per table (the API's GET form: the model's registry). */
export const RECORD_RESOURCES = Object.fromEntries(
  Object.entries(INPUTS).map(([table, input]) => [table, recordResourceOf(table, input)]),
) as Record<SandboxRecordResource, RecordResource>;

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  summary: string;
  description: string;
  body?: z.ZodType;
  /** Query parameters (an object schema of optional strings). */
  query?: z.ZodObject;
  success: { status: 200 | 201 | 204; schema: z.ZodType | null };
  errors: ErrorStatus[];
  /** Takes `Authorization` (the organization a record is created in). */
  authorization?: boolean;
}

/** Statuses of every body a write reads, as the API's writes answer: 400 invalid, 400 parse_error, 415. */
const WRITE_ERRORS: ErrorStatus[] = [400, 415];
const ORGANIZATION =
  'The record is created in `organization_id` when the body names it, otherwise in the organization of the `Authorization` token (with `Service-Organization-Id`, as the API reads it).';

const recordOperations = (): Operation[] => [
  ...Object.entries(RECORD_RESOURCES).map(([table, { input, record }]) => ({
    method: 'POST' as const,
    path: `${SANDBOX_PREFIX}/records/${table}`,
    summary: `Create a record of ${table}`,
    description: `Validated by the model; answers the record as the API's GET renders it. ${ORGANIZATION} A reset removes it.`,
    body: input,
    success: { status: 201 as const, schema: record },
    errors: [...WRITE_ERRORS, 401 as const],
    authorization: true,
  })),
  ...ANALYTICS_METRIC_NAMES.map((metric) => ({
    method: 'POST' as const,
    path: `${SANDBOX_PREFIX}/records/analytics/${metric}`,
    summary: `Create a data point of ${metric}`,
    description: `The data point as /api/um/v1/analytics/${metric}/ renders it. ${ORGANIZATION} A reset removes it.`,
    body: dataPointInputSchemaFor(metric),
    success: { status: 201 as const, schema: dataPointSchemaFor(metric) },
    errors: [...WRITE_ERRORS, 401 as const],
    authorization: true,
  })),
];

export const sandboxOperations = (): Operation[] => [
  {
    method: 'POST',
    path: `${SANDBOX_PREFIX}/reset`,
    summary: 'Back to the seeded world',
    description:
      'Records, ids, rate-limit counters, the journal, worlds made since, and the clock (back to real time).',
    success: { status: 204, schema: null },
    errors: [],
  },
  {
    method: 'POST',
    path: `${SANDBOX_PREFIX}/worlds`,
    summary: 'A world of its own',
    description: 'A customer with organizations, their tokens, a widget and an operator of each role.',
    body: WorldRequestSchema,
    success: { status: 201, schema: SandboxWorldSchema },
    errors: WRITE_ERRORS,
  },
  {
    method: 'DELETE',
    path: `${SANDBOX_PREFIX}/worlds/{id}`,
    summary: 'Drop a world',
    description: 'Drops a world made by POST /_sandbox/worlds (never the seeded one: 400).',
    success: { status: 204, schema: null },
    errors: [400, 404],
  },
  {
    method: 'DELETE',
    path: `${SANDBOX_PREFIX}/rate-limits`,
    summary: 'Clear the rate-limit counters',
    description: 'Every counter starts again.',
    success: { status: 204, schema: null },
    errors: [],
  },
  {
    method: 'GET',
    path: `${SANDBOX_PREFIX}/requests`,
    summary: 'The request journal',
    description:
      'The requests since the last reset, oldest first, with their answers (the control API excluded): method, path, query, headers and body of each request, status, headers and body of each answer. Tokens are redacted. The filters narrow it; a filter that is not one answers 400.',
    query: JournalQuerySchema,
    success: { status: 200, schema: JournalSchema },
    errors: [400],
  },
  {
    method: 'DELETE',
    path: `${SANDBOX_PREFIX}/requests`,
    summary: 'Empty the journal',
    description: 'Forgets the journal.',
    success: { status: 204, schema: null },
    errors: [],
  },
  {
    method: 'GET',
    path: `${SANDBOX_PREFIX}/clock`,
    summary: 'The server’s clock',
    description: 'The server’s now: real time, or the moment set by PUT.',
    success: { status: 200, schema: ClockSchema },
    errors: [],
  },
  {
    method: 'PUT',
    path: `${SANDBOX_PREFIX}/clock`,
    summary: 'Set or advance the clock',
    description:
      'Sets the server’s now (created and updated timestamps, the analytics default day, the daily rate-limit window) for every instance on the database. The clock then stands still until set, advanced or deleted; `advance` from real time starts from now.',
    body: ClockRequestSchema,
    success: { status: 200, schema: ClockSchema },
    errors: WRITE_ERRORS,
  },
  {
    method: 'DELETE',
    path: `${SANDBOX_PREFIX}/clock`,
    summary: 'Back to real time',
    description: 'The clock runs with real time again.',
    success: { status: 200, schema: ClockSchema },
    errors: [],
  },
  {
    method: 'GET',
    path: `${SANDBOX_PREFIX}/provider-states`,
    summary: 'The provider state catalogue',
    description:
      'Every Pact provider state the sandbox sets up: its name, what it does, the JSON schema of its parameters and the names of the values it returns.',
    success: { status: 200, schema: ProviderStateCatalogueSchema },
    errors: [],
  },
  {
    method: 'POST',
    path: `${SANDBOX_PREFIX}/provider-states`,
    summary: 'Set a provider state up (Pact’s state-change URL)',
    description:
      'The request a Pact verifier sends to its state-change URL (`{ state, params, action }`). `setup` creates what the state names in the organization of the world’s first token and answers the values it returns; `teardown` resets the sandbox. An unknown state answers 400 naming it and listing the catalogue; parameters that are wrong answer 400 naming each (`params.<name>`).',
    body: ProviderStateChangeSchema,
    success: { status: 200, schema: StateValuesSchema },
    errors: WRITE_ERRORS,
  },
  {
    method: 'GET',
    path: `${SANDBOX_PREFIX}/openapi.json`,
    summary: 'This document',
    description: 'The OpenAPI document of the sandbox control API.',
    success: { status: 200, schema: z.record(z.string(), z.unknown()) },
    errors: [],
  },
  ...recordOperations(),
];
