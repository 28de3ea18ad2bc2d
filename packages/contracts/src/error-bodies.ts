import {
  type EndpointId,
  type ErrorStatus,
  errorBodySchemaFor as errorBodyOfStatus,
  strictOf,
} from '@org/model';
import { endpointById } from './endpoint-lookup.js';

/**
 * The error body an endpoint documents for an error status, with `code` narrowed to the codes
 * of that status in the model's error table (404: `not_found`; 401: `not_authenticated` or
 * `authentication_failed`), so `pactMatchersFor(errorBodySchemaFor('getContact', 404), body)`
 * pins the code, where `ErrorBodySchema` accepts any. Throws for an unknown endpoint id (naming the
 * nearest) and for a status the endpoint does not document (naming those it does).
 */
export function errorBodySchemaFor(
  endpoint: EndpointId,
  status: ErrorStatus,
): ReturnType<typeof errorBodyOfStatus> {
  const ep = endpointById(endpoint);
  if (!(ep.errors as readonly number[]).includes(status))
    throw new Error(`${endpoint} documents no ${status}; its error statuses are ${ep.errors.join(', ')}`);
  // Strict: a pact pins the documented codes, where a consumer's tolerant parse takes new ones.
  return strictOf(errorBodyOfStatus(status));
}
