import type * as z from 'zod/v4';
import { DECISIONS } from '../decisions.js';
import {
  type EndpointDefinition,
  type EndpointId,
  endpointList,
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
import { LIMITS } from '../limits.js';
import { isRequiredParam, paramDocOf, paramsShapeOf } from '../query/params.js';
import { componentSchemas, ERROR_RESPONSE_STATUSES } from './components.js';
import { jsonSchemaOf, type OpenApiVersion, refify } from './generate.js';
import { linksOf } from './links.js';

export interface DocumentOptions {
  /** The package version; becomes info.version. */
  version: string;
  /** The OpenAPI version of the document: 3.0 (docs/openapi.json) unless told. */
  openapi?: OpenApiVersion;
  /** Server URL shown in the document. */
  serverUrl?: string;
}

type Obj = Record<string, unknown>;

const TAGS = [
  { name: 'Conversations', description: 'Conversations, their parts and messages.' },
  { name: 'Notes', description: 'Notes about contacts (count toward the contacts limit).' },
  { name: 'Navigation', description: 'Page views of contacts.' },
  { name: 'Contacts', description: 'Contact identities.' },
  { name: 'Operators', description: 'Operators, their slots and away status.' },
  { name: 'Analytics', description: 'Analytics API v1: one read-only endpoint per tracked metric.' },
  { name: 'Versioning', description: 'Retired API versions.' },
];

/** Statuses answered before authentication or counting (401, 410, 414, 431): no rate-limit headers. */
const UNCOUNTED_STATUSES = new Set<number>(UNCOUNTED_ERROR_STATUSES);

/**
 * The error response of a status, by component name: `Error404`, with the rate-limit headers
 * where the status is counted; `Error404Uncounted`, without them, where an operation answers that
 * status before counting though others count it (uncountedStatusesOf).
 */
const errorResponseName = (status: ErrorStatus, uncounted: boolean) =>
  uncounted && !UNCOUNTED_STATUSES.has(status) ? `Error${status}Uncounted` : `Error${status}`;

const STATUS_TEXT: Record<number, string> = {
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

const parametersOf = (schema: z.ZodType | undefined, where: 'query' | 'path') =>
  schema
    ? Object.entries(paramsShapeOf(schema)).map(([name, field]) => {
        const { description, ...paramSchema } = paramDocOf(field) ?? {};
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
      })
    : [];

const headerRefs = (withRetryAfter: boolean) =>
  Object.fromEntries(
    [...Object.keys(RATE_LIMIT_HEADERS), ...(withRetryAfter ? Object.keys(RETRY_AFTER_HEADER) : [])].map(
      (h) => [h, { $ref: `#/components/headers/${h}` }],
    ),
  );

const errorExample = (status: ErrorStatus) => {
  const code = errorCodesFor(status)[0];
  return {
    detail: ERROR_CODES[code].description,
    code,
    ...(code === 'invalid' ? { errors: { limit: ['A whole number is required.'] } } : {}),
  };
};

const operationOf = (id: string, ep: EndpointDefinition, schemaOf: (s: z.ZodType) => Obj): Obj => {
  const responses: Obj = {};
  for (const [status, schema] of Object.entries(ep.success) as Array<[string, z.ZodType | null]>) {
    const links = schema ? linksOf(id as EndpointId, ep, schema) : {};
    responses[status] = {
      description: STATUS_TEXT[Number(status) as SuccessStatus],
      headers: headerRefs(false),
      ...(schema
        ? {
            content: {
              'application/json': {
                schema: schemaOf(schema),
                ...(ep.example.response !== undefined ? { example: ep.example.response } : {}),
              },
            },
          }
        : {}),
      ...(Object.keys(links).length ? { links } : {}),
    };
  }
  const uncounted = uncountedStatusesOf(ep);
  for (const status of ep.errors)
    responses[status] = {
      $ref: `#/components/responses/${errorResponseName(status, uncounted.includes(status))}`,
    };
  const isRetired = ep.group === null;
  return {
    operationId: id,
    summary: ep.summary,
    description: ep.description,
    tags: [ep.tag],
    ...(ep.deprecated ? { deprecated: true } : {}),
    ...(isRetired ? { security: [] } : {}),
    parameters: [
      ...parametersOf(ep.params, 'path'),
      ...parametersOf(ep.query, 'query'),
      ...(isRetired
        ? []
        : [
            { $ref: '#/components/parameters/ServiceOrganizationId' },
            { $ref: '#/components/parameters/ServiceOperatorId' },
          ]),
    ],
    ...(ep.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: schemaOf(ep.body),
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
};

/** Every error response component: each status, and its uncounted form where an operation needs it. */
const errorResponseKinds = () => {
  const uncountedSomewhere = new Set(
    endpointList().flatMap(([, ep]) => uncountedStatusesOf(ep).filter((s) => !UNCOUNTED_STATUSES.has(s))),
  );
  return ERROR_RESPONSE_STATUSES.flatMap((status) => [
    { status, uncounted: false },
    ...(uncountedSomewhere.has(status) ? [{ status, uncounted: true }] : []),
  ]);
};

/** Builds the OpenAPI document (3.0 or 3.1) of both APIs from the endpoint table. */
export const buildOpenApiDocument = ({
  version,
  serverUrl = 'http://localhost:3000',
  openapi = '3.0',
}: DocumentOptions) => {
  const rawComponents = Object.fromEntries(
    Object.entries(componentSchemas()).map(([name, schema]) => [name, jsonSchemaOf(schema, openapi)]),
  );
  const refs = refify(rawComponents);
  const schemaOf = (schema: z.ZodType) => refs(jsonSchemaOf(schema, openapi), false) as Obj;

  const paths: Record<string, Obj> = {};
  for (const [id, ep] of endpointList()) {
    const item = (paths[ep.path] ??= {});
    item[ep.method.toLowerCase()] = operationOf(id, ep, schemaOf);
  }

  return {
    openapi: openapi === '3.0' ? '3.0.3' : '3.1.0',
    info: {
      title: 'Customer-messaging JSON API v3 and Analytics API v1',
      version,
      description: [
        'The JSON API v3 (conversations, messages, contacts, notes, navigation events, operators) and the',
        'read-only Analytics API v1, generated from the `@org/model` zod model.',
        '',
        'Every request carries `Authorization: <API_TOKEN>`. Limits: ' +
          `${LIMITS.dailyRequests} requests per UTC day per organization and resource group, a burst limit of ` +
          `${LIMITS.burst.requests} per ${LIMITS.burst.windowSeconds} s, and ${LIMITS.analyticsPerMinute} analytics requests per minute per metric.`,
        '',
        'Fields and endpoints marked `x-um-decision` are decisions taken where the description is silent:',
        ...Object.entries(DECISIONS).map(([id, text]) => `- **${id}** ${text}`),
      ].join('\n'),
      license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' },
    },
    servers: [{ url: serverUrl, description: 'Reference server (pnpm start)' }],
    security: [{ ApiToken: [] }],
    tags: TAGS,
    paths,
    components: {
      securitySchemes: {
        ApiToken: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'The raw organization or customer token (D3).',
        },
      },
      parameters: {
        ServiceOrganizationId: {
          name: 'Service-Organization-Id',
          in: 'header',
          required: false,
          description:
            'With a customer token: the organization to act on; a wrong id runs against the default organization (D3).',
          schema: { type: 'integer', minimum: 1 },
          'x-um-decision': 'D3',
        },
        ServiceOperatorId: {
          name: 'Service-Operator-Id',
          in: 'header',
          required: false,
          description:
            'Runs the request in the context of that operator; its role is checked before any action. An id that is not an operator of the organization answers 403 (D3, D4).',
          schema: { type: 'integer', minimum: 1 },
          'x-um-decision': 'D3',
        },
      },
      headers: Object.fromEntries(
        Object.entries({ ...RATE_LIMIT_HEADERS, ...RETRY_AFTER_HEADER }).map(([name, description]) => [
          name,
          { description, schema: { type: 'integer', minimum: 0 }, 'x-um-decision': 'D2' },
        ]),
      ),
      responses: Object.fromEntries(
        errorResponseKinds().map(({ status, uncounted }) => [
          errorResponseName(status, uncounted),
          {
            description: `${STATUS_TEXT[status]}: ${errorCodesFor(status)
              .map((c) => `\`${c}\` ${ERROR_CODES[c].description}`)
              .join(
                ' ',
              )}${uncounted && !UNCOUNTED_STATUSES.has(status) ? ' Answered before the request is counted: no rate-limit headers.' : ''}`,
            // 401, 410 and the transport limits (414, 431) answer before any counter is
            // touched, as do the uncounted answers of some operations: no rate-limit headers.
            ...(uncounted || UNCOUNTED_STATUSES.has(status)
              ? {}
              : { headers: headerRefs(status === 429 || status === 503) }),
            content: {
              'application/json': {
                schema: {
                  allOf: [{ $ref: '#/components/schemas/ErrorBody' }],
                  properties: { code: { type: 'string', enum: errorCodesFor(status) } },
                },
                example: errorExample(status),
              },
            },
          },
        ]),
      ),
      schemas: Object.fromEntries(
        Object.entries(rawComponents).map(([name, json]) => [name, refs(json, true)]),
      ),
    },
  };
};

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
