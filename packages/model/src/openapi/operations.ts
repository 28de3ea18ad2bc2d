import type * as z from 'zod/v4';
import {
  authorizationOf,
  type EndpointDefinition,
  type EndpointId,
  type SuccessStatus,
  uncountedStatusesOf,
} from '../endpoints/index.js';
import {
  ERROR_CODES,
  type ErrorStatus,
  errorCodesFor,
  RATE_LIMIT_HEADERS,
  RETRY_AFTER_HEADER,
  UNCOUNTED_ERROR_STATUSES,
} from '../errors.js';
import { isRequiredParam, paramDocOf, paramsShapeOf } from '../query/params.js';
import { jsonSchemaOf, type OpenApiVersion } from './generate.js';
import { linksOf } from './links.js';

/*
 * An operation of an OpenAPI document from its entry in an endpoint table, whichever table: the
 * API's (docs/openapi.json) or the reference server's sandbox control API. Everything an operation
 * documents is read from the entry's shape, as its error statuses are (endpoints/define.ts).
 */

export type Obj = Record<string, unknown>;
export type EndpointTable = ReadonlyArray<readonly [string, EndpointDefinition]>;

/** The security scheme of the token an operation reads (`Authorization`, D3). */
export const TOKEN_SCHEME = 'ApiToken';

export const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  400: 'Invalid request',
  401: 'Not authenticated',
  403: 'Permission denied',
  404: 'Not found',
  405: 'Method not allowed',
  410: 'Gone',
  414: 'URI too long',
  415: 'Unsupported media type',
  429: 'Too many requests',
  431: 'Request headers too large',
  500: 'Unexpected fault',
  503: 'Service unavailable',
};

/** Statuses answered before authentication or counting (401, 410, 414, 431): no rate-limit headers. */
export const UNCOUNTED_STATUSES = new Set<number>(UNCOUNTED_ERROR_STATUSES);

/** How the error responses of a document are named: see errorResponsesOf (document.ts). */
export type ErrorResponseName = (status: ErrorStatus, uncounted: boolean) => string;

/** What every operation of one document shares. */
export interface OperationContext {
  /** The JSON schema of a zod schema, its uses of the document's components as $refs. */
  schemaOf(schema: z.ZodType): Obj;
  openapi: OpenApiVersion;
  /** Whether the token is the document's own security, so an operation that requires it says nothing. */
  tokenByDefault: boolean;
  errorResponseName: ErrorResponseName;
  /** The document's operations, which links may lead to. */
  table: EndpointTable;
}

/**
 * A parameter's schema: the one its helper documents (query/params.ts), else what zod derives of
 * it (a parameter built with plain zod and `.describe()`).
 */
const paramSchemaOf = (field: z.ZodType, openapi: OpenApiVersion): Obj => {
  const documented = paramDocOf(field);
  return documented?.type ? { ...documented } : { ...jsonSchemaOf(field, openapi), ...documented };
};

const parametersOf = (schema: z.ZodType | undefined, where: 'query' | 'path', openapi: OpenApiVersion) =>
  Object.entries(paramsShapeOf(schema)).map(([name, field]) => {
    const { description, ...paramSchema } = paramSchemaOf(field, openapi);
    const decision = paramSchema['x-um-decision'];
    delete paramSchema['x-um-decision'];
    return {
      name,
      in: where,
      required: where === 'path' || isRequiredParam(field),
      description: description ?? name,
      schema: paramSchema,
      ...(decision ? { 'x-um-decision': decision } : {}),
    };
  });

/**
 * The context headers an operation that reads the token takes, as the API reads them (D3): new
 * objects for each operation, as the YAML form writes an object used twice as an anchor.
 */
const contextHeaderRefs = () => [
  { $ref: '#/components/parameters/ServiceOrganizationId' },
  { $ref: '#/components/parameters/ServiceOperatorId' },
];

export function headerRefs(withRetryAfter: boolean) {
  return Object.fromEntries(
    [...Object.keys(RATE_LIMIT_HEADERS), ...(withRetryAfter ? Object.keys(RETRY_AFTER_HEADER) : [])].map(
      (h) => [h, { $ref: `#/components/headers/${h}` }],
    ),
  );
}

export function errorExample(status: ErrorStatus) {
  const code = errorCodesFor(status)[0];
  return {
    detail: ERROR_CODES[code].description,
    code,
    ...(code === 'invalid' ? { errors: { limit: ['A whole number is required.'] } } : {}),
  };
}

/** The text of an error response: its status and what each of its codes means. */
export function errorDescription(status: ErrorStatus) {
  return `${STATUS_TEXT[status]}: ${errorCodesFor(status)
    .map((c) => `\`${c}\` ${ERROR_CODES[c].description}`)
    .join(' ')}`;
}

/**
 * An operation's security where it differs from the document's: none for an operation that asks
 * nobody who they are; the token, or no token at all, where the token is read when given.
 */
const securityOf = (ep: EndpointDefinition, tokenByDefault: boolean): Obj[] | undefined => {
  const token = { [TOKEN_SCHEME]: [] };
  switch (authorizationOf(ep)) {
    case 'required':
      return tokenByDefault ? undefined : [token];
    case 'optional':
      return [{}, token];
    case 'none':
      return [];
  }
};

const successResponsesOf = (id: string, ep: EndpointDefinition, ctx: OperationContext): Obj => {
  const responses: Obj = {};
  for (const [status, schema] of Object.entries(ep.success) as Array<[string, z.ZodType | null]>) {
    const links = schema ? linksOf(id as EndpointId, ep, schema, ctx.table) : {};
    responses[status] = {
      description: STATUS_TEXT[Number(status) as SuccessStatus],
      // A counted answer carries its counter's headers (D2); others carry none.
      ...(ep.group !== null ? { headers: headerRefs(false) } : {}),
      ...(schema
        ? {
            content: {
              'application/json': {
                schema: ctx.schemaOf(schema),
                ...(ep.example.response !== undefined ? { example: ep.example.response } : {}),
              },
            },
          }
        : {}),
      ...(Object.keys(links).length ? { links } : {}),
    };
  }
  return responses;
};

/** The statuses an operation answers before it is counted (every one, where it is never counted). */
export function uncountedOf(ep: EndpointDefinition): ReadonlySet<ErrorStatus> {
  return new Set(uncountedStatusesOf(ep));
}

/** One operation of a document, from its entry in the endpoint table. */
export function operationOf(id: string, ep: EndpointDefinition, ctx: OperationContext): Obj {
  const responses = successResponsesOf(id, ep, ctx);
  const uncounted = uncountedOf(ep);
  for (const status of ep.errors)
    responses[status] = {
      $ref: `#/components/responses/${ctx.errorResponseName(status, uncounted.has(status))}`,
    };
  const security = securityOf(ep, ctx.tokenByDefault);
  const parameters = [
    ...parametersOf(ep.params, 'path', ctx.openapi),
    ...parametersOf(ep.query, 'query', ctx.openapi),
    ...(authorizationOf(ep) === 'none' ? [] : contextHeaderRefs()),
  ];
  return {
    operationId: id,
    summary: ep.summary,
    description: ep.description,
    tags: [ep.tag],
    ...(ep.deprecated ? { deprecated: true } : {}),
    ...(security ? { security } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(ep.body
      ? {
          requestBody: {
            // A body the endpoint takes as absent too (`.optional()`) may be left out.
            required: isRequiredParam(ep.body),
            content: {
              'application/json': {
                schema: ctx.schemaOf(ep.body),
                ...(ep.example.body !== undefined ? { example: ep.example.body } : {}),
              },
            },
          },
        }
      : {}),
    responses,
    ...(ep.group ? { 'x-um-rate-limit-group': ep.group } : {}),
    ...(ep.decisions.length ? { 'x-um-decision': ep.decisions.join(', ') } : {}),
  };
}
