import { type EndpointId, exampleStatesOf } from '@org/model';
import type { ProviderState } from '../../src/provider-states.js';
import { definitionOf } from './examples.js';

/** The analytics metric an endpoint serves (the metric endpoints and the latest-version path). */
export function metricOfEndpoint(id: EndpointId): string | undefined {
  if (id.startsWith('analytics_')) return id.slice('analytics_'.length);
  if (id === 'analyticsLatest') return String(definitionOf(id).example.params?.metric);
  return undefined;
}

/** The provider states of a success interaction: those that make the endpoint's example true (the model's). */
export function successStatesOf(id: EndpointId, status: number): ProviderState[] {
  return exampleStatesOf(definitionOf(id), status);
}
