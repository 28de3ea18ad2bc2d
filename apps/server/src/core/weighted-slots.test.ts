import { describe, expect, it } from 'vitest';
import { WeightedSlots } from './weighted-slots.js';

/** A piece of work that runs until its test finishes it. */
const pending = () => {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { done, finish };
};

/** Lets admitted work start (admission resolves a promise). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('WeightedSlots', () => {
  it('runs work side by side up to the capacity; the rest waits in arrival order', async () => {
    const slots = new WeightedSlots(10);
    const started: string[] = [];
    const work = new Map<string, ReturnType<typeof pending>>();
    const submit = (name: string, weight: number) => {
      const p = pending();
      work.set(name, p);
      return slots.run(weight, async () => {
        started.push(name);
        await p.done;
        return name;
      });
    };
    const results = [submit('a', 6), submit('b', 3), submit('c', 3), submit('d', 1)];
    await settle();
    // d would fit beside a and b, but c came first: order is kept.
    expect(started).toEqual(['a', 'b']);
    expect(slots.inUse).toBe(9);
    work.get('b')!.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    expect(slots.inUse).toBe(10);
    for (const p of work.values()) p.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect(slots.inUse).toBe(0);
  });

  it('admits work heavier than the capacity alone, and frees its weight when it fails', async () => {
    const slots = new WeightedSlots(10);
    const heavy = pending();
    const first = slots.run(25, () => heavy.done);
    let lightRan = false;
    const light = slots.run(1, async () => {
      lightRan = true;
    });
    await settle();
    expect(lightRan).toBe(false);
    heavy.finish();
    await first;
    await light;
    expect(lightRan).toBe(true);
    await expect(slots.run(5, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(slots.inUse).toBe(0);
  });
});
