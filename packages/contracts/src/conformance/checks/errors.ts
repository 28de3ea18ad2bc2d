import { ERROR_CODES, type ErrorCode, endpoints, fillPath } from '@org/model';
import { type ConformanceCheck, check, type Violations } from '../check.js';
import type { ConformanceContext, RawResponse } from '../context.js';
import { operationAt, recordVerdicts, verdictsOn } from '../verdicts.js';

const MISSING_ID = 2_147_483_646;

/**
 * The code's status (the model's error table), an answer the exchange engine finds as documented
 * (the status, content type, headers, and the error body `{ detail, code, errors? }`, D1), and the code.
 */
async function expectError(v: Violations, res: RawResponse, code: ErrorCode, what: string) {
  const status = ERROR_CODES[code].status;
  if (
    !v.expect(
      res.status === status,
      `${what}: expected ${status} ${code}, got ${res.status} ${res.text.slice(0, 200)}`,
    )
  )
    return undefined;
  const operationId = await operationAt(res.path);
  if (!v.expect(operationId !== undefined, `${what}: ${res.path} is no path of the document`))
    return undefined;
  if (!recordVerdicts(v, `${what} (D1)`, res.headers, await verdictsOn(operationId!, res))) return undefined;
  const body = res.body as { code: string; detail: string; errors?: Record<string, string[]> };
  v.expect(body.code === code, `${what}: code ${body.code}, expected ${code}`);
  return body;
}

const withToken = (ctx: ConformanceContext, extra: Record<string, string> = {}) => ({
  Authorization: ctx.options.token,
  ...extra,
});

const path = (id: keyof typeof endpoints, params: Record<string, string | number> = {}, query = '') =>
  `${fillPath(endpoints[id].path, params)}${query}`;

/** A check of the errors area, its id `errors:<name>`. */
function errorCheck(name: string, title: string, run: ConformanceCheck['run']): ConformanceCheck {
  return check('errors', `errors:${name}`, title, run);
}

/** Error bodies and statuses of the model's error table, provoked with GET requests only. */
export function errorChecks(): ConformanceCheck[] {
  return [
    errorCheck('not-authenticated', 'no Authorization header: 401 not_authenticated', async (ctx, v) => {
      await expectError(v, await ctx.raw(path('listOperators')), 'not_authenticated', 'GET without a token');
    }),
    errorCheck('authentication-failed', 'an unknown token: 401 authentication_failed', async (ctx, v) => {
      const res = await ctx.raw(path('listOperators'), {
        Authorization: 'conformance-token-that-was-never-issued',
      });
      await expectError(v, res, 'authentication_failed', 'GET with an unknown token');
    }),
    errorCheck('not-found', 'an id that does not exist: 404 not_found', async (ctx, v) => {
      const res = await ctx.raw(path('getConversation', { id: MISSING_ID }), withToken(ctx));
      await expectError(v, res, 'not_found', `GET conversation ${MISSING_ID}`);
    }),
    errorCheck('excluded', 'exclude_ids naming the requested id: 404 (D9)', async (ctx, v) => {
      const id = ctx.found.get('conversations') ?? v.skip('no conversation to read');
      const res = await ctx.raw(path('getConversation', { id }, `?exclude_ids=${id}`), withToken(ctx));
      await expectError(v, res, 'not_found', `GET conversation ${id} excluding it`);
    }),
    errorCheck('invalid', 'limit=0: 400 invalid naming the parameter', async (ctx, v) => {
      const res = await ctx.raw(path('listContacts', {}, '?limit=0'), withToken(ctx));
      const body = await expectError(v, res, 'invalid', 'GET contacts with limit=0');
      if (body)
        v.expect(
          Boolean(body.errors?.limit?.length),
          `limit=0: errors does not name limit (${JSON.stringify(body.errors)})`,
        );
    }),
    errorCheck(
      'unknown-parameter',
      'an unknown query parameter: 400 invalid naming it (D17)',
      async (ctx, v) => {
        const res = await ctx.raw(path('listOperators', {}, '?no_such_parameter=1'), withToken(ctx));
        const body = await expectError(v, res, 'invalid', 'GET operators with an unknown parameter');
        if (body)
          v.expect('no_such_parameter' in (body.errors ?? {}), `the errors do not name no_such_parameter`);
      },
    ),
    errorCheck('permission-denied', 'a Service-Operator-Id of no operator: 403 (D3)', async (ctx, v) => {
      const res = await ctx.raw(
        path('listOperators'),
        withToken(ctx, { 'Service-Operator-Id': String(MISSING_ID) }),
      );
      await expectError(v, res, 'permission_denied', 'GET as an operator that does not exist');
    }),
    errorCheck('gone', 'the retired v2 API: 410 gone naming v3 (D13)', async (ctx, v) => {
      const res = await ctx.raw(path('retiredV2', { resource: 'conversations' }), withToken(ctx));
      const body = await expectError(v, res, 'gone', 'GET /api/um/v2/conversations/');
      if (body) v.expect(body.detail.includes('v3'), `the 410 detail does not name v3: ${body.detail}`);
    }),
    errorCheck('unknown-metric', 'an unknown analytics metric: 404 (D13)', async (ctx, v) => {
      const res = await ctx.raw(
        path('analyticsLatest', { metric: 'um_no_such_metric' }, `?event_date=${ctx.analyticsDate}`),
        withToken(ctx),
      );
      await expectError(v, res, 'not_found', 'GET an unknown metric');
    }),
    errorCheck('analytics-range', 'an analytics range over 93 days: 400 invalid', async (ctx, v) => {
      const res = await ctx.raw(
        path(
          'analytics_um_conversation_duration',
          {},
          '?event_date_from=2024-01-01&event_date_to=2024-12-31',
        ),
        withToken(ctx),
      );
      await expectError(v, res, 'invalid', 'GET analytics for 366 days');
    }),
  ];
}
