import type * as z from 'zod/v4';
import { DECISIONS } from '../decisions.js';
import { authorizationOf, endpointList } from '../endpoints/index.js';
import { type ErrorStatus, errorCodesFor, RATE_LIMIT_HEADERS, RETRY_AFTER_HEADER } from '../errors.js';
import { LIMITS } from '../limits.js';
import { componentSchemas, ERROR_RESPONSE_STATUSES } from './components.js';
import { jsonSchemaOf, type OpenApiVersion, refify } from './generate.js';
import {
  type EndpointTable,
  errorDescription,
  errorExample,
  headerRefs,
  type Obj,
  operationOf,
  TOKEN_SCHEME,
  UNCOUNTED_STATUSES,
  uncountedOf,
} from './operations.js';

export interface DocumentOptions {
  /** The package version; becomes info.version. */
  version: string;
  /** The OpenAPI version of the document: 3.0 (docs/openapi.json) unless told. */
  openapi?: OpenApiVersion;
  /** Server URL shown in the document. */
  serverUrl?: string;
}

/**
 * What a document says beside its operations: its info, tags and security, and the component
 * schemas its operations refer to. The API's is API_DOCUMENT below; the reference server's sandbox
 * control API has its own, over its own endpoint table.
 */
export interface DocumentSpec {
  title: string;
  description: string;
  license?: { name: string; url: string };
  /** What the server the document names is. */
  serverDescription: string;
  tags: ReadonlyArray<{ name: string; description: string }>;
  /**
   * Whether the token is the document's security (every operation of the API requires it), rather
   * than stated by each operation that reads one.
   */
  tokenByDefault: boolean;
  /** Reusable schemas by component name: each use becomes a $ref; those no operation reaches are left out. */
  components: Record<string, z.ZodType>;
  /** Error statuses documented as responses even where no operation lists them (405: any path answers it). */
  errorStatuses?: readonly ErrorStatus[];
}

/** The headers of a counted answer (D2), described once. */
const RATE_LIMIT_HEADER_COMPONENTS = Object.fromEntries(
  Object.entries({ ...RATE_LIMIT_HEADERS, ...RETRY_AFTER_HEADER }).map(([name, description]) => [
    name,
    { description, schema: { type: 'integer', minimum: 0 }, 'x-um-decision': 'D2' },
  ]),
);

/** The token an operation reads, and the context headers read with it (D3, D4), described once. */
const TOKEN_COMPONENTS = {
  securitySchemes: {
    [TOKEN_SCHEME]: {
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
};

/** Which statuses the table's operations answer counted, and which before counting. */
const countingOf = (table: EndpointTable) => {
  const counted = new Set<ErrorStatus>();
  const uncounted = new Set<ErrorStatus>();
  for (const [, ep] of table) {
    const before = uncountedOf(ep);
    for (const status of ep.errors) (before.has(status) ? uncounted : counted).add(status);
  }
  return { counted, uncounted };
};

/**
 * The error responses of a document, by component name. `Error404` is a status as the document's
 * counted operations answer it, with the rate-limit headers, unless no operation counts it (then it
 * carries none); `Error404Uncounted` is the same status answered before counting where others count
 * it (uncountedStatusesOf). 401, 410 and the transport limits (414, 431) answer before any counter
 * is touched: never any rate-limit headers.
 */
const errorResponsesOf = (table: EndpointTable, listed: readonly ErrorStatus[]) => {
  const { counted, uncounted } = countingOf(table);
  const carriesHeaders = (status: ErrorStatus) =>
    !UNCOUNTED_STATUSES.has(status) && (counted.has(status) || !uncounted.has(status));
  const hasUncountedForm = (status: ErrorStatus) =>
    !UNCOUNTED_STATUSES.has(status) && counted.has(status) && uncounted.has(status);
  const name = (status: ErrorStatus, answeredUncounted: boolean) =>
    answeredUncounted && hasUncountedForm(status) ? `Error${status}Uncounted` : `Error${status}`;
  const response = (status: ErrorStatus, withHeaders: boolean, suffix = '') => ({
    description: `${errorDescription(status)}${suffix}`,
    ...(withHeaders ? { headers: headerRefs(status === 429 || status === 503) } : {}),
    content: {
      'application/json': {
        schema: {
          allOf: [{ $ref: '#/components/schemas/ErrorBody' }],
          properties: { code: { type: 'string', enum: errorCodesFor(status) } },
        },
        example: errorExample(status),
      },
    },
  });
  const statuses = [...new Set([...counted, ...uncounted, ...listed])].sort((a, b) => a - b);
  const components = Object.fromEntries(
    statuses.flatMap((status) => [
      [name(status, false), response(status, carriesHeaders(status))],
      ...(hasUncountedForm(status)
        ? [
            [
              name(status, true),
              response(status, false, ' Answered before the request is counted: no rate-limit headers.'),
            ],
          ]
        : []),
    ]),
  );
  return { name, components, withHeaders: statuses.some(carriesHeaders) };
};

/** The names of the component schemas a JSON value refers to ($ref), directly. */
const schemaRefsIn = (value: unknown): string[] =>
  [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map(([, name]) => name!);

/** The component schemas the document reaches from its paths and responses, in the components' order. */
const reachedSchemas = (schemas: Record<string, Obj>, roots: unknown[]): Record<string, Obj> => {
  const reached = new Set<string>();
  const pending = roots.flatMap(schemaRefsIn);
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (reached.has(name) || !schemas[name]) continue;
    reached.add(name);
    pending.push(...schemaRefsIn(schemas[name]));
  }
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => reached.has(name)));
};

/**
 * Builds an OpenAPI document (3.0 or 3.1) of an endpoint table: one operation per entry, its
 * parameters, bodies, answers and security read from the entry's shape (operations.ts), and what
 * they refer to in its components.
 */
export function buildDocument(
  table: EndpointTable,
  spec: DocumentSpec,
  { version, serverUrl = 'http://localhost:3000', openapi = '3.0' }: DocumentOptions,
) {
  const rawComponents = Object.fromEntries(
    Object.entries(spec.components).map(([name, schema]) => [name, jsonSchemaOf(schema, openapi)]),
  );
  const refs = refify(rawComponents);
  const schemaOf = (schema: z.ZodType) => refs(jsonSchemaOf(schema, openapi), false) as Obj;
  const errors = errorResponsesOf(table, spec.errorStatuses ?? []);
  const context = {
    schemaOf,
    openapi,
    tokenByDefault: spec.tokenByDefault,
    errorResponseName: errors.name,
    table,
  };

  const paths: Record<string, Obj> = {};
  for (const [id, ep] of table) {
    const item = (paths[ep.path] ??= {});
    item[ep.method.toLowerCase()] = operationOf(id, ep, context);
  }
  const readsToken = table.some(([, ep]) => authorizationOf(ep) !== 'none');
  const counts = errors.withHeaders || table.some(([, ep]) => ep.group !== null);
  const schemas = Object.fromEntries(
    Object.entries(rawComponents).map(([name, json]) => [name, refs(json, true) as Obj]),
  );

  return {
    openapi: openapi === '3.0' ? '3.0.3' : '3.1.0',
    info: {
      title: spec.title,
      version,
      description: spec.description,
      ...(spec.license ? { license: spec.license } : {}),
    },
    servers: [{ url: serverUrl, description: spec.serverDescription }],
    ...(spec.tokenByDefault ? { security: [{ [TOKEN_SCHEME]: [] }] } : {}),
    tags: spec.tags,
    paths,
    components: {
      ...(readsToken ? TOKEN_COMPONENTS : {}),
      ...(counts ? { headers: RATE_LIMIT_HEADER_COMPONENTS } : {}),
      responses: errors.components,
      schemas: reachedSchemas(schemas, [paths, errors.components]),
    },
  };
}

const API_TAGS = [
  { name: 'Conversations', description: 'Conversations, their parts and messages.' },
  { name: 'Notes', description: 'Notes about contacts (count toward the contacts limit).' },
  { name: 'Navigation', description: 'Page views of contacts.' },
  { name: 'Contacts', description: 'Contact identities.' },
  { name: 'Operators', description: 'Operators, their slots and away status.' },
  { name: 'Analytics', description: 'Analytics API v1: one read-only endpoint per tracked metric.' },
  { name: 'Versioning', description: 'Retired API versions.' },
];

/** The API's document beside its operations: the token on every request, every model component. */
const apiDocumentSpec = (): DocumentSpec => ({
  title: 'Customer-messaging JSON API v3 and Analytics API v1',
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
  serverDescription: 'Reference server (pnpm start)',
  tags: API_TAGS,
  tokenByDefault: true,
  components: componentSchemas(),
  // Any path answers 405 for a method it does not take, whichever operation it is the path of.
  errorStatuses: ERROR_RESPONSE_STATUSES,
});

/** Builds the OpenAPI document (3.0 or 3.1) of both APIs from the endpoint table. */
export function buildOpenApiDocument(options: DocumentOptions) {
  return buildDocument(endpointList(), apiDocumentSpec(), options);
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
