import { type EndpointDefinition, type EndpointId, endpoints } from '@org/model';
import { distance } from 'fastest-levenshtein';

/** How many close ids an unknown-id error names. */
const SUGGESTIONS = 3;

/** The endpoint ids nearest to a misspelt one (edit distance, case-insensitive), nearest first. */
export function nearestEndpointIds(id: string, count = SUGGESTIONS): EndpointId[] {
  return (Object.keys(endpoints) as EndpointId[])
    .map((candidate) => ({ candidate, d: distance(id.toLowerCase(), candidate.toLowerCase()) }))
    .sort((a, b) => a.d - b.d || a.candidate.localeCompare(b.candidate))
    .slice(0, count)
    .map((c) => c.candidate);
}

/** The endpoint of the model's table with this id; an unknown id throws naming the nearest ones. */
export function endpointById(id: string): EndpointDefinition {
  if (Object.hasOwn(endpoints, id)) return endpoints[id as EndpointId] as EndpointDefinition;
  throw new Error(`unknown endpoint id "${id}"; did you mean ${nearestEndpointIds(id).join(', ')}?`);
}
