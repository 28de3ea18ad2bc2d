import type { Discovery } from './discover.js';
import type { ValidatedDocument } from './fuzzed-document.js';
import type { FuzzOptions, RunContext } from './types.js';

/** The organization of the token: given, or else the only one its lists showed. */
function organizationOf(options: FuzzOptions, discovery: Discovery): number | undefined {
  if (options.organizationId !== undefined) return options.organizationId;
  return discovery.organizationIds.size === 1 ? [...discovery.organizationIds][0] : undefined;
}

export function runContextOf(
  { doc, validator }: ValidatedDocument,
  discovery: Discovery,
  options: FuzzOptions,
): RunContext {
  return {
    doc,
    validator,
    pools: discovery.pools,
    organizationId: organizationOf(options, discovery),
    otherOrganizationIds: discovery.otherOrganizationIds,
    // Error statuses the operation does not document are still checked against the common error body.
    errorBody: doc.components?.schemas?.ErrorBody ? { $ref: '#/components/schemas/ErrorBody' } : undefined,
    maxResponseTimeMs: options.maxResponseTimeMs,
  };
}
