import { type Operation, operationsOf } from './operations.js';
import { resolveRef } from './refs.js';
import { diffSchema, type SchemaDiffContext } from './schema-diff.js';
import { type ApiChange, breaking, breakingWhen, isObject, type Json, nonBreaking } from './types.js';

const objectOf = (value: unknown): Json => (isObject(value) ? value : {});

/** Visits the keys only before (removed), then only after (added), then in both, the order changes are listed in. */
const compareKeys = (
  was: Json,
  now: Json,
  visit: { removed: (key: string) => void; added: (key: string) => void; common: (key: string) => void },
): void => {
  for (const key of Object.keys(was)) if (!(key in now)) visit.removed(key);
  for (const key of Object.keys(now)) if (!(key in was)) visit.added(key);
  for (const key of Object.keys(was)) if (key in now) visit.common(key);
};

/** Media types of a body: removing one breaks whoever used it; each common one compares its schema. */
const diffContent = (
  ctx: SchemaDiffContext,
  before: Json,
  after: Json,
  where: string,
  direction: 'request' | 'response',
): void => {
  compareKeys(before, after, {
    removed: (type) => ctx.changes.push(breaking('media type removed', where, type)),
    added: (type) => ctx.changes.push(nonBreaking('media type added', where, type)),
    common: (type) =>
      diffSchema(
        ctx,
        objectOf(before[type]).schema,
        objectOf(after[type]).schema,
        `${where} ${type} ›`,
        direction,
      ),
  });
};

const diffParameters = (ctx: SchemaDiffContext, before: Operation, after: Operation): void => {
  const now = new Map(after.parameters.map((p) => [p.key, p]));
  const was = new Map(before.parameters.map((p) => [p.key, p]));
  for (const [key, parameter] of was) {
    if (!now.has(key)) ctx.changes.push(breaking('parameter removed', `${after.label} › ${parameter.label}`));
  }
  for (const [key, parameter] of now) {
    if (was.has(key)) continue;
    const required = parameter.parameter.required === true;
    ctx.changes.push(
      breakingWhen(
        required,
        required ? 'required parameter added' : 'optional parameter added',
        `${after.label} › ${parameter.label}`,
      ),
    );
  }
  for (const [key, old] of was) {
    const current = now.get(key);
    if (!current) continue;
    const where = `${after.label} › ${current.label}`;
    const wasRequired = old.parameter.required === true;
    const nowRequired = current.parameter.required === true;
    if (!wasRequired && nowRequired) ctx.changes.push(breaking('parameter made required', where));
    if (wasRequired && !nowRequired) ctx.changes.push(nonBreaking('parameter made optional', where));
    for (const keyword of ['style', 'explode'] as const) {
      if (old.parameter[keyword] !== current.parameter[keyword]) {
        ctx.changes.push(breaking(`parameter ${keyword} changed`, where));
      }
    }
    diffSchema(ctx, old.parameter.schema, current.parameter.schema, where, 'request');
  }
};

const diffRequestBody = (ctx: SchemaDiffContext, before: Operation, after: Operation): void => {
  const was = resolveRef(ctx.before, before.operation.requestBody);
  const now = resolveRef(ctx.after, after.operation.requestBody);
  const where = `${after.label} › request body`;
  if (!isObject(was) && !isObject(now)) return;
  if (!isObject(now)) {
    ctx.changes.push(breaking('request body removed', where));
    return;
  }
  if (!isObject(was)) {
    const required = now.required === true;
    ctx.changes.push(
      breakingWhen(required, required ? 'required request body added' : 'request body added', where),
    );
    return;
  }
  if (was.required !== true && now.required === true)
    ctx.changes.push(breaking('request body made required', where));
  diffContent(ctx, objectOf(was.content), objectOf(now.content), where, 'request');
};

const diffResponses = (ctx: SchemaDiffContext, before: Operation, after: Operation): void => {
  const was = objectOf(before.operation.responses);
  const now = objectOf(after.operation.responses);
  compareKeys(was, now, {
    removed: (status) =>
      ctx.changes.push(breaking('response removed', `${after.label} › response ${status}`)),
    added: (status) => ctx.changes.push(nonBreaking('response added', `${after.label} › response ${status}`)),
    common: (status) => {
      const where = `${after.label} › response ${status}`;
      const oldResponse = objectOf(resolveRef(ctx.before, was[status]));
      const newResponse = objectOf(resolveRef(ctx.after, now[status]));
      const oldHeaders = objectOf(oldResponse.headers);
      const newHeaders = objectOf(newResponse.headers);
      compareKeys(oldHeaders, newHeaders, {
        removed: (name) => ctx.changes.push(breaking('response header removed', where, name)),
        added: (name) => ctx.changes.push(nonBreaking('response header added', where, name)),
        common: (name) => {
          const oldHeader = objectOf(resolveRef(ctx.before, oldHeaders[name]));
          const newHeader = objectOf(resolveRef(ctx.after, newHeaders[name]));
          diffSchema(ctx, oldHeader.schema, newHeader.schema, `${where} › header ${name}`, 'response');
        },
      });
      diffContent(ctx, objectOf(oldResponse.content), objectOf(newResponse.content), where, 'response');
    },
  });
};

const diffOperation = (ctx: SchemaDiffContext, before: Operation, after: Operation): void => {
  if (before.operationId !== after.operationId) {
    // Generated clients name their methods after operationId, so a new id renames a public entity.
    ctx.changes.push(
      breaking('operation renamed', after.label, `operationId ${before.operationId} -> ${after.operationId}`),
    );
  }
  if (before.operation.deprecated !== true && after.operation.deprecated === true) {
    ctx.changes.push(nonBreaking('operation deprecated', after.label));
  }
  diffParameters(ctx, before, after);
  diffRequestBody(ctx, before, after);
  diffResponses(ctx, before, after);
};

/**
 * Every difference between two OpenAPI 3.0 documents that can affect a client, classified by the
 * versioning rules (json-api-v3 section 9, analytics-api-v1 section 9). Prose (summary, description,
 * examples) is not compared.
 */
export function diffDocuments(beforeDoc: Json, afterDoc: Json): ApiChange[] {
  const ctx: SchemaDiffContext = { before: beforeDoc, after: afterDoc, compared: new Set(), changes: [] };
  const was = operationsOf(beforeDoc);
  const now = operationsOf(afterDoc);
  const addedById = new Map(
    [...now].filter(([key]) => !was.has(key)).map(([, op]) => [op.operationId, op] as const),
  );
  const moved = new Set<Operation>();

  for (const [key, op] of was) {
    const current = now.get(key);
    if (current) {
      diffOperation(ctx, op, current);
      continue;
    }
    const movedTo = op.operationId === undefined ? undefined : addedById.get(op.operationId);
    if (movedTo) {
      moved.add(movedTo);
      ctx.changes.push(breaking('operation moved', op.label, `now ${movedTo.label}`));
    } else {
      ctx.changes.push(breaking('operation removed', op.label));
    }
  }
  for (const [key, op] of now) {
    if (!was.has(key) && !moved.has(op)) ctx.changes.push(nonBreaking('operation added', op.label));
  }
  return ctx.changes;
}

export function isBreaking(change: ApiChange): boolean {
  return change.class === 'breaking';
}

/** Breaking first, then by location: the order of the gate's report and of the release notes. */
export function byBreakingThenLocation(a: ApiChange, b: ApiChange): number {
  return Number(isBreaking(b)) - Number(isBreaking(a)) || a.location.localeCompare(b.location);
}
