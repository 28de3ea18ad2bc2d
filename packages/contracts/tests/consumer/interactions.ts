import type { ClientOptions } from '@org/client';
import { formatParamValue, paramFormatsOf } from '@org/client';
import {
  type AnalyticsMetric,
  type EndpointDefinition,
  type EndpointId,
  type ErrorStatus,
  endpointList,
  errorBodySchemaFor,
  fillPath,
} from '@org/model';
import type { z } from 'zod';
import { documentedStatusesOf } from '../../src/coverage.js';
import { type PactTemplate, pactMatchersFor } from '../../src/matchers/pact-matchers-for.js';
import { type ProviderState, PROVIDER_STATES as S, state } from '../../src/provider-states.js';
import {
  ANALYTICS_DAY,
  EXCLUDED_ID,
  MISSING_ID,
  ORG,
  RESTRICTED_OPERATOR,
  TOKENS,
} from '../support/contract.js';
import { codeOf, dataPointExampleFor, definitionOf, errorExample } from './examples.js';
import { metricOfEndpoint, successStatesOf } from './success-states.js';

/** One interaction of the contract: what the client is asked to do, and what goes over the wire. */
export interface ContractInteraction {
  readonly endpoint: EndpointId;
  readonly status: number;
  readonly description: string;
  readonly states: readonly ProviderState[];
  /** Options of the client that makes the call (token, operator). */
  readonly client: Partial<ClientOptions>;
  /** The typed input given to `client.send(endpoint, input)`. */
  readonly input: Record<string, unknown>;
  readonly request: {
    readonly method: string;
    readonly path: string;
    readonly query: Record<string, string>;
    readonly headers: Record<string, string>;
    readonly body?: { readonly contentType: string; readonly json?: unknown; readonly text?: string };
  };
  readonly response: {
    readonly headers: Record<string, unknown>;
    readonly body?: PactTemplate;
  };
}

interface CallShape {
  params?: Record<string, string | number>;
  /** Wire strings, as the pact records them. */
  wireQuery: Record<string, string>;
  /** The friendly values the client is given for them. */
  query: Record<string, unknown>;
  body?: unknown;
}

const digits = (value: string) => ({ 'pact:matcher:type': 'regex', regex: '^\\d+$', value });
const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': digits('5000'),
  'X-RateLimit-Remaining': digits('4999'),
  'X-RateLimit-Reset': digits('3600'),
};
const JSON_CONTENT_TYPE = {
  'Content-Type': {
    'pact:matcher:type': 'regex',
    regex: '^application/json(;.*)?$',
    value: 'application/json',
  },
};

/**
 * The friendly query values for wire strings: what the model parses each into, unless the client
 * would write that back differently (then the string itself, which the client passes as is).
 */
const friendlyQuery = (ep: EndpointDefinition, wire: Record<string, string>): Record<string, unknown> => {
  if (!ep.query) return {};
  const parsed = ep.query.parse(wire) as Record<string, unknown>;
  const formats = paramFormatsOf(ep.query);
  return Object.fromEntries(
    Object.entries(wire).map(([key, text]) => {
      const value = parsed[key];
      return [
        key,
        key in parsed && formatParamValue(value, formats[key] ?? 'string') === text ? value : text,
      ];
    }),
  );
};

/** The call that the endpoint's documented example makes (analytics: one day of data points). */
const exampleCall = (id: EndpointId): CallShape => {
  const ep = definitionOf(id);
  const wireQuery = metricOfEndpoint(id) ? { event_date: ANALYTICS_DAY } : { ...(ep.example.query ?? {}) };
  return {
    ...(ep.params ? { params: { ...ep.example.params } } : {}),
    wireQuery,
    query: friendlyQuery(ep, wireQuery),
    ...(ep.body ? { body: ep.example.body } : {}),
  };
};

const successBodyOf = (id: EndpointId, status: number): PactTemplate | undefined => {
  const ep = definitionOf(id);
  const schema = (ep.success as Partial<Record<number, z.ZodTypeAny | null>>)[status];
  if (!schema) return undefined;
  const metric = metricOfEndpoint(id);
  const example = metric
    ? { results: [dataPointExampleFor(metric as AnalyticsMetric)] }
    : ep.example.response;
  return pactMatchersFor(schema, example, { nonEmpty: ['results'] });
};

const build = (
  id: EndpointId,
  status: number,
  why: string,
  call: CallShape,
  options: {
    states?: ProviderState[];
    client?: Partial<ClientOptions>;
    contentType?: string;
    responseHeaders?: Record<string, unknown>;
    body?: PactTemplate;
  } = {},
): ContractInteraction => {
  const ep = definitionOf(id);
  const client = { token: TOKENS.organization, ...options.client };
  const headers: Record<string, string> = {};
  if (client.token) headers.Authorization = client.token;
  if (client.operatorId !== undefined) headers['Service-Operator-Id'] = String(client.operatorId);
  const contentType = options.contentType ?? 'application/json';
  if (call.body !== undefined) headers['Content-Type'] = contentType;
  const json = contentType === 'application/json';
  return {
    endpoint: id,
    status,
    description: `${id}: ${status} ${why}`,
    states: options.states ?? [],
    client,
    input: {
      ...(call.params ? { params: call.params } : {}),
      ...(Object.keys(call.query).length ? { query: call.query } : {}),
      ...(call.body !== undefined ? { body: call.body } : {}),
      ...(json ? {} : { headers: { 'Content-Type': contentType } }),
    },
    request: {
      method: ep.method,
      path: fillPath(ep.path, call.params ?? {}),
      query: call.wireQuery,
      headers,
      ...(call.body === undefined
        ? {}
        : {
            body: json ? { contentType, json: call.body } : { contentType, text: JSON.stringify(call.body) },
          }),
    },
    response: {
      headers: options.responseHeaders ?? {},
      ...(options.body === undefined ? {} : { body: options.body }),
    },
  };
};

const errorBody = (status: ErrorStatus, errors?: Record<string, string[]>) =>
  pactMatchersFor(errorBodySchemaFor(status), errorExample(codeOf(status), errors));

const isWrite = (ep: EndpointDefinition) => ep.method !== 'GET';

/** The interactions of one documented status of one endpoint. */
const interactionsFor = (id: EndpointId, status: number): ContractInteraction[] => {
  const ep = definitionOf(id);
  const call = exampleCall(id);
  const metric = metricOfEndpoint(id);
  switch (status) {
    case 200:
    case 201:
    case 204: {
      const body = successBodyOf(id, status);
      return [
        build(id, status, 'for the documented example', call, {
          states: successStatesOf(id, status),
          responseHeaders: { ...(body === undefined ? {} : JSON_CONTENT_TYPE), ...RATE_LIMIT_HEADERS },
          ...(body === undefined ? {} : { body }),
        }),
      ];
    }
    case 400: {
      const invalid: CallShape = metric
        ? {
            ...call,
            wireQuery: { event_date_from: '2024-01-01', event_date_to: '2024-12-31' },
            query: { event_date_from: '2024-01-01', event_date_to: '2024-12-31' },
          }
        : {
            ...call,
            wireQuery: { ...call.wireQuery, exclude_ids: '0' },
            query: { ...call.query, exclude_ids: [0] },
          };
      const field = metric ? 'event_date_to' : 'exclude_ids';
      return [
        build(id, 400, `for an invalid ${field}`, invalid, {
          body: errorBody(400, { [field]: ['Expected a valid value.'] }),
        }),
      ];
    }
    case 401:
      return [
        build(id, 401, 'for a token that was never issued', call, {
          states: [state(S.unknownToken, { token: TOKENS.unknown })],
          client: { token: TOKENS.unknown },
          body: errorBody(401),
        }),
      ];
    case 403:
      return [
        isWrite(ep)
          ? build(id, 403, 'for an operator whose role may only read', call, {
              states: [state(S.operatorWithRole, { org: ORG, id: RESTRICTED_OPERATOR, role: 'restricted' })],
              client: { operatorId: RESTRICTED_OPERATOR },
              body: errorBody(403),
            })
          : build(id, 403, 'for a Service-Operator-Id that names no operator', call, {
              states: [state(S.noOperator, { org: ORG, id: MISSING_ID })],
              client: { operatorId: MISSING_ID },
              body: errorBody(403),
            }),
      ];
    case 404: {
      if (!ep.params) {
        // A PUT has no id in its path: its 404 is the matching contact listed in exclude_ids.
        const email = String((call.body as { email?: string } | undefined)?.email);
        const excluded = {
          ...call,
          wireQuery: { ...call.wireQuery, exclude_ids: String(EXCLUDED_ID) },
          query: { ...call.query, exclude_ids: [EXCLUDED_ID] },
        };
        return [
          build(id, 404, 'for a matching contact listed in exclude_ids', excluded, {
            states: [state(S.contactWithIdAndEmail, { id: EXCLUDED_ID, email })],
            body: errorBody(404),
          }),
        ];
      }
      const resource = metric ? 'metric' : resourceOf(ep);
      const missing = metric ? 'um_no_such_metric' : MISSING_ID;
      const params = { ...call.params, [metric ? 'metric' : 'id']: missing };
      return [
        build(
          id,
          404,
          `for a ${resource} that does not exist`,
          { ...call, params },
          {
            states: [state(S.noResource, { resource, id: missing })],
            body: errorBody(404),
          },
        ),
      ];
    }
    case 410:
      return [build(id, 410, 'for a retired API version', call, { body: errorBody(410) })];
    case 415:
      return [
        build(id, 415, 'for a body sent as text/plain', call, {
          contentType: 'text/plain',
          body: errorBody(415),
        }),
      ];
    case 429:
      return [
        build(id, 429, 'once the rate limit is exhausted', call, {
          states: [
            metric
              ? state(S.analyticsRateLimitExhausted, { org: ORG, metric })
              : state(S.rateLimitExhausted, { org: ORG, group: ep.group ?? 'none' }),
          ],
          responseHeaders: { 'Retry-After': digits('3'), ...RATE_LIMIT_HEADERS },
          body: errorBody(429),
        }),
      ];
    default:
      throw new Error(`No contract scenario for ${id} ${status}: add one to tests/consumer/interactions.ts`);
  }
};

/** The resource a path names, as the provider states call it. */
const resourceOf = (ep: EndpointDefinition) => {
  if (ep.path.includes('/conversations/')) return 'conversation';
  if (ep.path.includes('/contact_identities/')) return 'contact';
  if (ep.path.includes('/notes/')) return 'note';
  if (ep.path.includes('/operators/')) return 'operator';
  return 'resource';
};

/** The statuses the contract covers (coverage.ts: the transport and fault statuses are left out). */
export const documentedStatuses = documentedStatusesOf;

/** Every interaction of the contract, endpoint by endpoint, status by status. */
export function contractInteractions(
  filter: (id: EndpointId) => boolean = () => true,
): ContractInteraction[] {
  return endpointList()
    .filter(([id]) => filter(id))
    .flatMap(([id, ep]) => documentedStatuses(ep).flatMap((status) => interactionsFor(id, status)));
}
