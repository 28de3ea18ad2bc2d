import { parsedJson } from '../document/json.js';
import { documentedResponse, type FuzzOperation } from '../document/openapi-document.js';
import { ignoredAuth, negativeDataRejection, positiveDataAcceptance, tenancy } from './checks-data.js';
import {
  type Check,
  contentTypeConformance,
  maxResponseTime,
  notAServerError,
  responseHeadersConformance,
  responseSchemaConformance,
  statusCodeConformance,
} from './checks-response.js';
import { excusingRule } from './exemptions.js';
import type { FuzzRequest } from './generate.js';
import type { Answer, Exchange, Observation, RunContext } from './types.js';

export type { Check } from './checks-response.js';

/**
 * A check whose finding is the whole story: an answer that never came or a crash is reported alone,
 * since its body and status say nothing about the document.
 */
const CONCLUSIVE_CHECKS: readonly Check[] = [notAServerError];

/** The checks every other answer goes through, in the order their findings are listed. */
const CHECKS: readonly Check[] = [
  statusCodeConformance,
  contentTypeConformance,
  responseHeadersConformance,
  responseSchemaConformance,
  ignoredAuth,
  tenancy,
  negativeDataRejection,
  positiveDataAcceptance,
  maxResponseTime,
];

/** What the checks found in one answer, and the server rule that excused it, if one did. */
export interface Evaluation {
  readonly observations: Observation[];
  readonly excusedBy: string | undefined;
}

export function exchangeOf(ctx: RunContext, op: FuzzOperation, req: FuzzRequest, answer: Answer): Exchange {
  return {
    ctx,
    op,
    req,
    answer,
    json: parsedJson(answer.text),
    documented: documentedResponse(op, answer.status),
  };
}

function observationsOf(exchange: Exchange): Observation[] {
  for (const check of CONCLUSIVE_CHECKS) {
    const found = check(exchange);
    if (found.length) return found;
  }
  return CHECKS.flatMap((check) => check(exchange));
}

/** Runs every check on one exchange. */
export function evaluateExchange(exchange: Exchange): Evaluation {
  return { observations: observationsOf(exchange), excusedBy: excusingRule(exchange) };
}

/** Runs every check on one answer. */
export function evaluate(ctx: RunContext, op: FuzzOperation, req: FuzzRequest, answer: Answer): Evaluation {
  return evaluateExchange(exchangeOf(ctx, op, req, answer));
}
