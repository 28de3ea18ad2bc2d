import { type ApiResponse, isApiError } from '@org/client';
import { type EndpointDefinition, type EndpointId, endpointList } from '@org/model';
import { type ConformanceCheck, check, type Violations } from '../check.js';
import type { ConformanceContext } from '../context.js';
import { answerOf, recordVerdicts, verdictsOn } from '../verdicts.js';
import { foundParamsOf, rememberParents, resourceOf } from './collections.js';

const isAnalytics = (ep: EndpointDefinition) => ep.group === 'analytics';

/**
 * Calls one endpoint and judges the answer with the exchange engine: a documented status, content
 * type and headers (the rate-limit headers, D2), and the body by the model's schema in its strict form.
 */
const readAndValidate = async (
  ctx: ConformanceContext,
  v: Violations,
  id: EndpointId,
  input: Record<string, unknown>,
): Promise<unknown> => {
  let response: ApiResponse<EndpointId>;
  try {
    response = await ctx.client.send(id, input as never);
  } catch (error) {
    if (isApiError(error)) {
      v.add(
        `${id}: answered ${error.status}${error.body ? ` ${error.body.code}: ${error.body.detail}` : ''}`,
      );
      return undefined;
    }
    throw error;
  }
  const verdicts = await verdictsOn(id, answerOf(response));
  const undocumented = verdicts.some((verdict) => verdict.check === 'status_code_conformance');
  if (!v.expect(!undocumented, `${id}: status ${response.status} is not documented`)) return undefined;
  recordVerdicts(v, id, response.headers, verdicts);
  return response.data;
};

/**
 * Every GET endpoint of the table, read once, its body validated with the model's schema. Lists
 * run first and remember an id of their first item; single-resource reads use it (and are
 * skipped when the deployment has no such record).
 */
export function bodyChecks(ctx: ConformanceContext): ConformanceCheck[] {
  const lists: ConformanceCheck[] = [];
  const singles: ConformanceCheck[] = [];
  for (const [id, ep] of endpointList()) {
    if (ep.method !== 'GET' || ep.group === null) continue;
    if (isAnalytics(ep) && ctx.options.skipAnalytics) continue;
    const query = isAnalytics(ep) ? { event_date: ctx.analyticsDate } : {};
    const title = `GET ${ep.path}${isAnalytics(ep) ? ` (${ctx.analyticsDate})` : ''}: body, status and rate-limit headers`;
    if (!ep.params) {
      lists.push(
        check('bodies', id, title, async (c, v) => {
          const body = (await readAndValidate(c, v, id, { query })) as
            | { results?: Array<{ id?: unknown }> }
            | undefined;
          const first = body?.results?.[0]?.id;
          const resource = resourceOf(ep.path);
          if (resource && typeof first === 'number' && !c.found.has(resource)) c.found.set(resource, first);
          if (resource) rememberParents(c, resource, body?.results ?? []);
        }),
      );
      continue;
    }
    singles.push(
      check('bodies', id, title, async (c, v) => {
        if (ep.path.includes('{metric}')) {
          await readAndValidate(c, v, id, { params: { metric: 'um_conversation_duration' }, query });
          return;
        }
        const { params } = foundParamsOf(c, v, ep.path);
        await readAndValidate(c, v, id, { ...(params ? { params } : {}), query });
      }),
    );
  }
  return [...lists, ...singles];
}
