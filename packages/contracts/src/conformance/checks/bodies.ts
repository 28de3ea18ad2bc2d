import { type ApiResponse, isApiError } from '@org/client';
import { type EndpointDefinition, type EndpointId, endpointList } from '@org/model';
import { judgeResponse } from '../../exchange/judge-exchange.js';
import { publishedDocument } from '../../exchange/judged-document.js';
import { modelBodies } from '../../exchange/model-bodies.js';
import type { Verdict } from '../../exchange/types.js';
import { type ConformanceCheck, check, type Violations } from '../check.js';
import {
  type ConformanceContext,
  isRateLimitHeader,
  rateLimitViolation,
  recordSchemaFindings,
} from '../context.js';
import { foundParamsOf, rememberParents, resourceOf } from './collections.js';

const isAnalytics = (ep: EndpointDefinition) => ep.group === 'analytics';

/** The engine's verdicts on an answer, as the runner's violations of it. */
const recordVerdicts = (
  v: Violations,
  id: EndpointId,
  response: ApiResponse<EndpointId>,
  verdicts: Verdict[],
) => {
  for (const verdict of verdicts) {
    if (verdict.check === 'status_code_conformance') continue;
    if (verdict.check === 'response_schema_conformance')
      recordSchemaFindings(v, verdict.findings, `${id} body`);
    else if (verdict.check === 'response_headers_conformance') {
      const rateLimits = verdict.findings.some((f) => isRateLimitHeader(f.pointer));
      if (rateLimits) v.add(rateLimitViolation(response.headers, id));
      for (const f of verdict.findings) if (!isRateLimitHeader(f.pointer)) v.add(`${id}: ${f.message}`);
    } else v.add(`${id}: ${verdict.message}`);
  }
};

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
  const verdicts = judgeResponse(
    await publishedDocument(),
    id,
    {
      status: response.status,
      headers: response.headers,
      body: response.data === undefined ? '' : JSON.stringify(response.data),
      json: { value: response.data },
    },
    { bodies: modelBodies },
  );
  const undocumented = verdicts.some((verdict) => verdict.check === 'status_code_conformance');
  if (!v.expect(!undocumented, `${id}: status ${response.status} is not documented`)) return undefined;
  recordVerdicts(v, id, response, verdicts);
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
