import { analyticsEndpoints, latestAnalyticsEndpoints } from './analytics.js';
import type { EndpointDefinition } from './define.js';
import { retiredEndpoints, v3Endpoints } from './v3.js';

/**
 * The endpoint table: every endpoint of both descriptions, keyed by operationId. The OpenAPI
 * document, the server's routes, the client and the contract tests all iterate this table.
 */
export const endpoints = {
  ...v3Endpoints,
  ...analyticsEndpoints,
  ...latestAnalyticsEndpoints,
  ...retiredEndpoints,
} as const;

export type Endpoints = typeof endpoints;
export type EndpointId = keyof Endpoints;

/** The table as a list, for code that iterates it. */
export function endpointList(): Array<[EndpointId, EndpointDefinition]> {
  return Object.entries(endpoints) as Array<[EndpointId, EndpointDefinition]>;
}

export * from './analytics.js';
export * from './define.js';
export * from './v3.js';
