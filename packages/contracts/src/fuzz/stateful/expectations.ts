import { isObject, recordsOf } from '../../document/json.js';
import type { Exchange, Observation } from '../types.js';
import type { SentStep, StepTemplate } from './types.js';

/** What an expectation judges: the step, its exchange, the walk's record id and the steps sent before. */
interface Judged {
  readonly step: StepTemplate;
  readonly exchange: Exchange;
  readonly recordId: unknown;
  readonly before: ReadonlyArray<SentStep | undefined>;
}

const isSuccess = (status: number) => status >= 200 && status < 300;

function observation(check: Observation['check'], { step, exchange }: Judged, what: string): Observation[] {
  return [{ check, message: `${step.role} (${exchange.op.id}): ${what}` }];
}

/** The record must be there: a 404 or 410 says a created or changed record went missing. */
function available(judged: Judged): Observation[] {
  const { status } = judged.exchange.answer;
  if (status !== 404 && status !== 410) return [];
  return observation('ensure_resource_availability', judged, `record ${judged.recordId} answered ${status}`);
}

/** Whether a page holds the record; undefined when it cannot tell (not a page, or more pages follow). */
function pageHolds({ exchange, recordId }: Judged): boolean | undefined {
  const body = exchange.json?.value;
  if (!isSuccess(exchange.answer.status) || !isObject(body) || !Array.isArray(body.results)) return undefined;
  if (recordsOf(body).some((r) => r.id === recordId)) return true;
  return typeof body.next === 'string' ? undefined : false;
}

function listed(judged: Judged): Observation[] {
  if (pageHolds(judged) !== false) return available(judged);
  return observation(
    'ensure_resource_availability',
    judged,
    `record ${judged.recordId} is not among the results`,
  );
}

/** The values the update answered, field by field as it sent them, are those read back. */
function readBack(judged: Judged): Observation[] {
  const update = judged.before.findLast((s) => s?.template.role === 'update');
  const sent = update?.req.body?.json;
  const [was, is] = [update?.json?.value, judged.exchange.json?.value];
  if (!isSuccess(judged.exchange.answer.status) || !isObject(sent) || !isObject(was) || !isObject(is))
    return available(judged);
  const differing = Object.keys(sent).filter(
    (key) => key in was && JSON.stringify(was[key]) !== JSON.stringify(is[key]),
  );
  if (!differing.length) return [];
  const shown = differing.map((k) => `${k} ${JSON.stringify(is[k])}, updated to ${JSON.stringify(was[k])}`);
  return observation('ensure_resource_availability', judged, `read back ${shown.join('; ')}`.slice(0, 300));
}

/** A step that must not succeed: a 2xx is a finding of `check`. */
function refused(check: Observation['check'], what: (judged: Judged, status: number) => string) {
  return (judged: Judged): Observation[] => {
    const { status } = judged.exchange.answer;
    return isSuccess(status) ? observation(check, judged, what(judged, status)) : [];
  };
}

const denied = refused(
  'tenancy',
  (j, status) => `record ${j.recordId} of the run's organization answered ${status}`,
);
const gone = refused(
  'use_after_free',
  (j, status) => `record ${j.recordId} was deleted, yet this answered ${status}`,
);

function unlisted(judged: Judged): Observation[] {
  if (!pageHolds(judged)) return [];
  return observation(
    'use_after_free',
    judged,
    `deleted record ${judged.recordId} is still among the results`,
  );
}

function noChildren(judged: Judged): Observation[] {
  const body = judged.exchange.json?.value;
  const children = isSuccess(judged.exchange.answer.status) ? recordsOf(body).length : 0;
  if (!children) return [];
  return observation(
    'use_after_free',
    judged,
    `${children} records of deleted record ${judged.recordId} still listed`,
  );
}

const JUDGES = {
  none: () => [],
  available,
  listed,
  'read-back': readBack,
  denied,
  gone,
  unlisted,
  'no-children': noChildren,
} satisfies Record<StepTemplate['expect'], (judged: Judged) => Observation[]>;

/** The sequence checks of a step: use_after_free, ensure_resource_availability and tenancy, by its expectation. */
export function expectationObservations(judged: Judged): Observation[] {
  const { status } = judged.exchange.answer;
  if (status === 0 || status >= 500) return [];
  return JUDGES[judged.step.expect](judged);
}
