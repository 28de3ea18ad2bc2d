import { isObject } from '../../document/json.js';
import { valueAt } from '../../document/pointer.js';
import type { FuzzRequest } from '../generate.js';
import type { StepBinding } from '../types.js';
import type { SentStep, StepTemplate } from './types.js';

/** Whether a step was sent and answered 2xx. */
export function isSuccess(step: SentStep | undefined): boolean {
  return step !== undefined && step.answer.status >= 200 && step.answer.status < 300;
}

/** The value of a binding: from a step that answered 2xx, at its pointer. */
function boundValue(binding: StepBinding, sent: ReadonlyArray<SentStep | undefined>): unknown {
  const from = sent[binding.step];
  return isSuccess(from) ? valueAt(from?.json?.value, binding.pointer) : undefined;
}

/** The request with a value put where a binding says (`path:id`, `query:x`, `body:x`). */
export function withValue(req: FuzzRequest, into: string, value: unknown): FuzzRequest {
  const [where, name = ''] = into.split(/:(.*)/);
  if (where === 'path') return { ...req, pathParams: { ...req.pathParams, [name]: String(value) } };
  if (where === 'query')
    return { ...req, query: [...req.query.filter((q) => q.name !== name), { name, value: String(value) }] };
  const json = { ...(isObject(req.body?.json) ? req.body.json : {}), [name]: value };
  return { ...req, body: { contentType: 'application/json', ...req.body, json, text: JSON.stringify(json) } };
}

/** The step's request with the values of earlier answers; undefined when a value or a step it needs failed. */
export function readyRequest(
  step: StepTemplate,
  sent: ReadonlyArray<SentStep | undefined>,
): FuzzRequest | undefined {
  if (!step.after.every((i) => isSuccess(sent[i]))) return undefined;
  let req = step.req;
  for (const binding of step.bindings) {
    const value = boundValue(binding, sent);
    if (value === undefined || value === null || typeof value === 'object') return undefined;
    req = withValue(req, binding.into, value);
  }
  return req;
}
