import { describe, expect, it } from 'vitest';
import { POSTGRES_WORLD, stableJson, worldHash } from './world.js';

describe('world identity', () => {
  it('hashes options independently of key order', () => {
    expect(stableJson({ b: 1, a: { d: 2, c: 3 } })).toBe('{"a":{"c":3,"d":2},"b":1}');
    const reordered = Object.fromEntries(Object.entries(POSTGRES_WORLD).reverse()) as typeof POSTGRES_WORLD;
    expect(worldHash(reordered)).toBe(worldHash(POSTGRES_WORLD));
    expect(worldHash({ ...POSTGRES_WORLD, seed: 2 })).not.toBe(worldHash(POSTGRES_WORLD));
  });
});
