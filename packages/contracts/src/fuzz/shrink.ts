import { isObject } from '../document/json.js';
import type { FuzzOperation, SchemaValidator } from '../document/openapi-document.js';
import { evaluate } from './checks.js';
import { inSequence } from './concurrency.js';
import { findingKey, type TalliedFinding } from './findings.js';
import type { FuzzRequest } from './generate.js';
import type { RunSettings } from './settings.js';
import type { RunContext } from './types.js';

/** Findings after shrinking, and the requests it took. */
export interface Shrunk {
  readonly findings: TalliedFinding[];
  readonly sent: number;
}

/** The request without one of its query parameters; a valid request keeps its required ones. */
function withoutAQueryParameter(op: FuzzOperation, req: FuzzRequest): FuzzRequest[] {
  const required = new Set(op.parameters.filter((p) => p.in === 'query' && p.required).map((p) => p.name));
  return req.query.flatMap((q, i) =>
    req.kind === 'valid' && required.has(q.name)
      ? []
      : [{ ...req, query: req.query.filter((_, j) => j !== i) }],
  );
}

/** The request without one of its body fields; a valid request's body stays valid. */
function withoutABodyField(op: FuzzOperation, validator: SchemaValidator, req: FuzzRequest): FuzzRequest[] {
  const body = req.body;
  if (!body || !isObject(body.json)) return [];
  const fields = body.json;
  return Object.keys(fields).flatMap((key) => {
    const { [key]: _, ...json } = fields;
    if (req.kind === 'valid' && op.body && !validator.valid(op.body.schema, json)) return [];
    return [{ ...req, body: { ...body, json, text: JSON.stringify(json) } }];
  });
}

function withoutAHeader(req: FuzzRequest): FuzzRequest[] {
  return Object.keys(req.headers).map((name) => {
    const { [name]: _, ...headers } = req.headers;
    return { ...req, headers };
  });
}

/**
 * Smaller variants of a request: one query parameter, body field or header fewer. A valid request
 * stays valid (required parameters and body fields stay), so a shrunk example shows the same thing.
 */
function smallerVariants(op: FuzzOperation, validator: SchemaValidator, req: FuzzRequest): FuzzRequest[] {
  return [
    ...withoutAQueryParameter(op, req),
    ...withoutABodyField(op, validator, req),
    ...withoutAHeader(req),
  ];
}

/** The first of at most `budget` smaller variants that still shows the finding, and how many were sent. */
async function smallerExample(
  finding: TalliedFinding,
  budget: number,
  ctx: RunContext,
  settings: RunSettings,
): Promise<{ smaller?: TalliedFinding; sent: number }> {
  const key = findingKey(finding.op, finding.observation.check, finding.status);
  const variants = smallerVariants(finding.op, ctx.validator, finding.req).slice(0, budget);
  for (const [i, req] of variants.entries()) {
    const answer = await settings.send(finding.origin, settings.token, req);
    const observation = evaluate(ctx, finding.op, req, answer).observations.find(
      (o) => findingKey(finding.op, o.check, answer.status) === key,
    );
    if (observation) return { smaller: { ...finding, req, observation }, sent: i + 1 };
  }
  return { sent: variants.length };
}

/** Drops query parameters, body fields and headers while the same finding persists, within the budget. */
async function shrinkFinding(
  finding: TalliedFinding,
  ctx: RunContext,
  settings: RunSettings,
): Promise<{ finding: TalliedFinding; sent: number }> {
  let current = finding;
  let sent = 0;
  while (sent < settings.shrinkAttempts) {
    const step = await smallerExample(current, settings.shrinkAttempts - sent, ctx, settings);
    sent += step.sent;
    if (!step.smaller) break;
    current = step.smaller;
  }
  return { finding: current, sent };
}

/** Shrinks each finding's example, one finding after the other. */
export async function shrinkFindings(
  findings: readonly TalliedFinding[],
  ctx: RunContext,
  settings: RunSettings,
): Promise<Shrunk> {
  const shrunk = await inSequence(findings, (finding) => shrinkFinding(finding, ctx, settings));
  return { findings: shrunk.map((s) => s.finding), sent: shrunk.reduce((sum, s) => sum + s.sent, 0) };
}
