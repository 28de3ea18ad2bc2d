import { describe, expect, it } from 'vitest';
import type { z } from 'zod/v3';
import { type EndpointDefinition, endpointList, parserOf, strictOf } from './index.js';

/** Every documented success schema with its example response. */
const cases = endpointList().flatMap(([id, ep]: [string, EndpointDefinition]) =>
  Object.values(ep.success)
    .filter((schema): schema is z.ZodTypeAny => !!schema && ep.example.response !== undefined)
    .map((schema) => [id, schema, ep.example.response] as const),
);

/** A seeded generator (mulberry32), so a failure reproduces. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const REPLACEMENTS: unknown[] = [
  null,
  'x',
  '',
  0,
  -1,
  1.5,
  2 ** 40,
  true,
  {},
  [],
  'new',
  'robot',
  '2024-02-30T00:00:00.000000Z',
];

/** A copy of `value` with one random node replaced, removed or given an extra key. */
const mutate = (value: unknown, next: () => number): unknown => {
  const copy = structuredClone(value);
  const nodes: Array<[Record<string, unknown> | unknown[], string | number]> = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) {
      for (const [i, v] of node.entries()) {
        nodes.push([node, i]);
        walk(v);
      }
    } else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        nodes.push([node as Record<string, unknown>, k]);
        walk(v);
      }
    }
  };
  walk(copy);
  const [parent, key] = nodes[Math.floor(next() * nodes.length)] ?? [copy as Record<string, unknown>, 'x'];
  const roll = next();
  if (roll < 0.15 && !Array.isArray(parent)) delete (parent as Record<string, unknown>)[key];
  else if (roll < 0.3 && !Array.isArray(parent)) (parent as Record<string, unknown>).surprise = 1;
  else
    (parent as Record<string | number, unknown>)[key] =
      REPLACEMENTS[Math.floor(next() * REPLACEMENTS.length)];
  return copy;
};

describe('parserOf answers exactly what zod answers (D32)', () => {
  it.each(cases)('%s: the example, in both modes', (_id, schema, example) => {
    for (const s of [schema, strictOf(schema)]) {
      const fast = parserOf(s)(example);
      expect(fast.success).toBe(true);
      expect(fast.data).toEqual(s.safeParse(example).data);
    }
  });

  it('400 mutated examples: same success, same data, zod issues on failure', () => {
    const next = random(13);
    let failures = 0;
    for (let i = 0; i < 400; i++) {
      const [id, schema, example] = cases[i % cases.length]!;
      const body = mutate(example, next);
      for (const s of [schema, strictOf(schema)]) {
        const fast = parserOf(s)(body);
        const slow = s.safeParse(body);
        expect({ id, body, success: fast.success }).toEqual({ id, body, success: slow.success });
        if (slow.success) expect(fast.data).toEqual(slow.data);
        else {
          failures++;
          expect(fast.error?.issues).toEqual(slow.error.issues);
        }
      }
    }
    expect(failures).toBeGreaterThan(100);
  });
});
