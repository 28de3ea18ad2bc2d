import { ok } from '../../handlers/types.js';
import type { SandboxEndpoints as Endpoints } from '../api/endpoints.js';
import type { ControlContext as Context } from './types.js';

/*
 * Any record of the world, including what the API cannot create, so a test can set up any state:
 * validated by the model as the path's table or metric says (control-routes.ts), answered as the
 * API renders it.
 */

export async function createRecord({ params, body, headers, control }: Context<Endpoints['createRecord']>) {
  return ok(await control.createRecord(params.resource, body, headers), 201);
}

export async function createDataPoint({
  params,
  body,
  headers,
  control,
}: Context<Endpoints['createDataPoint']>) {
  return ok(await control.createDataPoint(params.metric, body, headers), 201);
}
