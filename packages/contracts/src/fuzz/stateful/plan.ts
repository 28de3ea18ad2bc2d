import { collectionOf } from '../generate.js';
import type { LinkedOperation, RecordKind } from './kinds.js';
import { generatedRequest, stateful } from './requests.js';
import type { Sequence } from './types.js';
import {
  add,
  bound,
  byId,
  filteredList,
  lookSteps,
  pick,
  searchTerm,
  sourceStep,
  tenancySteps,
  updateSteps,
  type Walk,
  type WalkContext,
} from './walk-steps.js';

export type { WalkContext } from './walk-steps.js';

/** A child of the record made before the delete: the step that created it and the link it took. */
interface Child {
  readonly step: number;
  readonly link: LinkedOperation;
}

function createChild(
  ctx: WalkContext,
  walk: Walk,
  link: LinkedOperation,
  role: string,
  after: number[] = [],
) {
  const bindings = [...link.bodyFields].map(([field, pointer]) => bound(walk, `body:${field}`, pointer));
  const req = generatedRequest(ctx.gen, link.op, walk.seed + 3);
  return add(walk, {
    op: link.op,
    req: after.length ? stateful(req, 'after the delete of its parent') : req,
    role,
    expect: after.length ? 'gone' : 'none',
    bindings,
    after,
  });
}

/** A child made through a link (a note of the contact), and its list read. */
function childSteps(ctx: WalkContext, walk: Walk): { child?: Child; list?: LinkedOperation } {
  const { kind, seed } = walk;
  const link = pick(kind.childCreates, seed);
  const child = link ? { step: createChild(ctx, walk, link, 'create a child'), link } : undefined;
  const ofChild = kind.childLists.filter(
    (l) => link && collectionOf(l.op.path) === collectionOf(link.op.path),
  );
  const list = ofChild[0] ?? pick(kind.childLists, seed + 4);
  if (list) add(walk, { ...filteredList(walk, list), role: 'list its children', expect: 'available' });
  return { ...(child ? { child } : {}), ...(list ? { list } : {}) };
}

/** After the delete: its read, its list, its children's list, its child and a new child all fail or come back empty. */
function deleteSteps(ctx: WalkContext, walk: Walk, { child, list }: ReturnType<typeof childSteps>): void {
  const { kind } = walk;
  if (!kind.remove) return;
  const d = add(walk, byId(walk, kind.remove, 'delete', 'available'));
  add(walk, byId(walk, kind.read, 'read after the delete', 'gone', [d]));
  const gone = (l: LinkedOperation) => ({ ...filteredList(walk, l), after: [d] });
  if (kind.list) {
    const step = gone(kind.list);
    add(walk, {
      ...step,
      req: stateful(step.req, 'after the delete'),
      role: 'find in list after the delete',
      expect: 'unlisted',
    });
  }
  if (list) {
    const step = gone(list);
    const nested = step.bindings.some((b) => b.into.startsWith('path:'));
    const req = stateful(step.req, 'after the delete of its parent');
    add(walk, {
      ...step,
      req,
      role: 'list its children after the delete',
      expect: nested ? 'gone' : 'no-children',
    });
  }
  if (!child) return;
  const childRead = ctx.kinds.find((k) => k.creator === child.link.op)?.read;
  if (childRead)
    add(walk, {
      ...byId(walk, childRead, 'read its child after the delete', 'gone', [d, child.step]),
      bindings: [bound(walk, 'path:id', '/id', child.step)],
    });
  createChild(ctx, walk, child.link, 'create a child after the delete', [d]);
}

/** The walk of one record: its source, reads, other organization, update, child, delete and what follows. */
function planWalk(ctx: WalkContext, kind: RecordKind, seed: number): Sequence {
  const walk: Walk = {
    kind,
    steps: [],
    prefix: kind.creator ? '' : '/results/*',
    seed,
    term: searchTerm(ctx, kind, seed + 5),
  };
  sourceStep(ctx, walk);
  lookSteps(walk);
  tenancySteps(ctx, walk);
  updateSteps(ctx, walk);
  deleteSteps(ctx, walk, childSteps(ctx, walk));
  return { steps: walk.steps, recordPointer: `${walk.prefix}/id` };
}

/**
 * The stateful phase's walks, fixed by the seed before the first is sent: the kinds in turn, each
 * walk's requests drawn from its own seed.
 */
export function planWalks(ctx: WalkContext, count: number, seed: number): Sequence[] {
  if (!ctx.kinds.length) return [];
  return Array.from({ length: count }, (_, i) =>
    planWalk(ctx, ctx.kinds[i % ctx.kinds.length]!, (seed * 1_000_003 + (i + 1) * 104_729) | 0),
  );
}
