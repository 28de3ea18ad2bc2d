import fc from 'fast-check';
import { isObject } from '../../document/json.js';
import { type FuzzOperation, resolveRef } from '../../document/openapi-document.js';
import type { FuzzRequest, GeneratorContext } from '../generate.js';
import type { StepBinding } from '../types.js';
import type { LinkedOperation, RecordKind } from './kinds.js';
import { bareRequest, generatedRequest, pageQuery, stateful, withBodyFields } from './requests.js';
import type { Expectation, StepTemplate } from './types.js';

/** What planning a walk needs: the kinds, the generators, whether another organization's token is known. */
export interface WalkContext {
  readonly kinds: readonly RecordKind[];
  readonly gen: GeneratorContext;
  readonly otherToken: boolean;
}

/** A walk being planned: its steps so far, and where its first answer holds the record. */
export interface Walk {
  readonly kind: RecordKind;
  readonly steps: StepTemplate[];
  /** '' for a created record (the answer is the record), `/results/*` for one found in a list. */
  readonly prefix: string;
  readonly seed: number;
  /** A word the record's name holds, for the search; undefined when there is no search to make. */
  readonly term: string | undefined;
}

const AFTER_DELETE = 'after the delete';
/** Records a find step lists: enough to find a free one, few enough to render fast. */
const FIND_PAGE = 20;
const OTHER_TOKEN = "with the other organization's token";

/** Adds a step (the run's token, nothing to wait for, unless said); its index, for the steps that take its values. */
export function add(walk: Walk, step: Omit<StepTemplate, 'after' | 'token'> & Partial<StepTemplate>): number {
  walk.steps.push({ after: [], token: 'own', ...step });
  return walk.steps.length - 1;
}

/** A binding to the walk's record (step 0) or to another step's answer. */
export function bound(walk: Walk, into: string, pointer: string, step = 0): StepBinding {
  return { into, step, pointer: step === 0 ? walk.prefix + pointer : pointer };
}

/** The record's id in the step's path. */
export function byId(walk: Walk, op: FuzzOperation, role: string, expect: Expectation, after: number[] = []) {
  const req = expect === 'gone' ? stateful(bareRequest(op), AFTER_DELETE) : bareRequest(op);
  return { op, req, role, expect, after, bindings: [bound(walk, 'path:id', '/id')] };
}

/** A list request whose filters take the record's values (a placeholder each until it is sent). */
export function filteredList(walk: Walk, link: LinkedOperation) {
  const where = new Map(link.op.parameters.map((p) => [p.name, p.in]));
  const filters = [...link.parameters].filter(([name]) => where.has(name));
  const queried = filters.filter(([name]) => where.get(name) === 'query');
  const req: FuzzRequest = {
    ...bareRequest(link.op),
    query: [...pageQuery(link.op), ...queried.map(([name]) => ({ name, value: '0' }))],
  };
  const bindings = filters.map(([name, pointer]) =>
    bound(walk, `${where.get(name) === 'path' ? 'path' : 'query'}:${name}`, pointer),
  );
  return { op: link.op, req, bindings };
}

function hasNameField(doc: GeneratorContext['doc'], op: FuzzOperation): boolean {
  const schema = op.body ? resolveRef(doc, op.body.schema) : undefined;
  const name = isObject(schema?.properties) ? schema.properties.name : undefined;
  return isObject(name) && (name.type === 'string' || Array.isArray(name.type));
}

/** The search word of a created record: letters only, so that a stemmed full-text search finds it. */
export function searchTerm(ctx: WalkContext, kind: RecordKind, seed: number): string | undefined {
  const search = kind.list?.op.parameters.some((p) => p.in === 'query' && p.name === 'search_query');
  if (!kind.creator || !search || !hasNameField(ctx.gen.doc, kind.creator)) return undefined;
  const letters = fc.string({
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'),
    minLength: 8,
    maxLength: 8,
  });
  return `fuzz${fc.sample(letters, { seed, numRuns: 1 })[0]}`;
}

/** Step 0: the record created (its name holding the search word), or the list it is found in. */
export function sourceStep(ctx: WalkContext, walk: Walk): void {
  const { creator, finder } = walk.kind;
  if (creator) {
    const req = generatedRequest(ctx.gen, creator, walk.seed);
    const named = walk.term ? withBodyFields(req, { name: `Fuzz ${walk.term}` }) : req;
    add(walk, { op: creator, req: named, role: 'create', expect: 'none', bindings: [] });
  } else if (finder)
    add(walk, {
      op: finder,
      req: { ...bareRequest(finder), query: pageQuery(finder, FIND_PAGE) },
      role: 'find',
      expect: 'none',
      bindings: [],
    });
}

/** Read it, find it in its list, and find it by the search. */
export function lookSteps(walk: Walk): void {
  const { kind, term } = walk;
  add(walk, byId(walk, kind.read, 'read', 'available'));
  if (kind.list) add(walk, { ...filteredList(walk, kind.list), role: 'find in list', expect: 'listed' });
  if (kind.list && term) {
    const req = {
      ...bareRequest(kind.list.op),
      query: [...pageQuery(kind.list.op), { name: 'search_query', value: term }],
    };
    add(walk, { op: kind.list.op, req, bindings: [], role: 'search', expect: 'listed' });
  }
}

/** Another organization's token reads and changes the record: both must fail. */
export function tenancySteps(ctx: WalkContext, walk: Walk): void {
  const { kind } = walk;
  if (!ctx.otherToken) return;
  const read = byId(walk, kind.read, 'read as the other organization', 'denied');
  add(walk, { ...read, req: stateful(read.req, OTHER_TOKEN), token: 'other' });
  if (!kind.update) return;
  const req = stateful(generatedRequest(ctx.gen, kind.update, walk.seed + 1), OTHER_TOKEN);
  add(walk, {
    ...byId(walk, kind.update, 'update as the other organization', 'denied'),
    req,
    token: 'other',
  });
}

/** Change the record, then read it back: it shows what the update answered. */
export function updateSteps(ctx: WalkContext, walk: Walk): void {
  const { kind } = walk;
  if (!kind.update) return;
  const req = generatedRequest(ctx.gen, kind.update, walk.seed + 2);
  const update = add(walk, { ...byId(walk, kind.update, 'update', 'available'), req });
  add(walk, byId(walk, kind.read, 'read back', 'read-back', [update]));
}

/** Which of several links a walk takes, by its seed. */
export function pick<T>(items: readonly T[], seed: number): T | undefined {
  return items.length ? items[Math.abs(seed) % items.length] : undefined;
}
