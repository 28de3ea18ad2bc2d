import { IdSchema, type OperatorRole, OperatorRoleSchema, TimestampSchema } from '@org/model';
import { z } from 'zod';

/**
 * What the sandbox control API's endpoints take and answer (the table: endpoints.ts). Its handlers
 * parse with these schemas and its OpenAPI document is generated from them, so the two cannot
 * disagree. Never part of the published API document: the control API binds no client.
 */

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

/** A property per role, not a record keyed by the enum: the document states what it holds. */
const OPERATOR_PER_ROLE = Object.fromEntries(
  OperatorRoleSchema.options.map((role) => [role, IdSchema]),
) as Record<OperatorRole, typeof IdSchema>;

export const SandboxWorldSchema = z
  .object({
    id: IdSchema.describe('The customer of the world; DELETE /_sandbox/worlds/{id} drops it.'),
    customer_token: z.string(),
    organizations: z.array(
      z
        .object({
          id: IdSchema,
          token: z.string(),
          operators: z.strictObject(OPERATOR_PER_ROLE).describe('An operator id per role.'),
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

export const JournalEntrySchema = z
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
export const JournalSchema = z
  .object({ count: z.number().int(), results: z.array(JournalEntrySchema) })
  .strict();

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

export const StateValuesSchema = z
  .record(z.string(), z.union([z.string(), z.number()]))
  .describe(
    'The values the state returns (Pact V4 injects them: `fromProviderState`), e.g. the id of a created record.',
  );

export const ProviderStateCatalogueSchema = z
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

/** GET /_sandbox/openapi.json: the control API's own OpenAPI document. */
export const OpenApiDocumentSchema = z.record(z.string(), z.unknown());
