import { describe, expect, it } from 'vitest';
import { FragmentCache } from './fragments.js';

describe('FragmentCache', () => {
  const text = (n: number, fill = 'x') => fill.repeat(n);
  const bytes = (n: number, fill = 'x') => Buffer.from(text(n, fill));
  const table = { name: 'conversations' };

  it('keeps fragments per table and scope, keyed by id and version', () => {
    const cache = new FragmentCache(1000);
    const conversations = cache.groupOf(table);
    cache.set(conversations, 1, 7, text(10));
    expect(cache.groupOf(table).get(1)).toEqual({ version: 7, bytes: bytes(10) });
    expect(cache.groupOf({ name: 'messages', scope: { column: 'conversation_id', value: 1 } }).get(1)).toBe(
      undefined,
    );
  });

  it('drops the oldest fragments past its byte budget; a replaced fragment counts once', () => {
    const cache = new FragmentCache(100);
    const group = cache.groupOf(table);
    cache.set(group, 1, 1, text(40));
    cache.set(group, 2, 1, text(40));
    cache.set(group, 1, 2, text(40, 'y')); // replaces id 1: 80 bytes held, nothing dropped
    expect([...group.keys()].sort()).toEqual([1, 2]);
    cache.set(group, 3, 1, text(40)); // 120 > 100: the oldest live entry (id 2) goes
    expect([...group.keys()].sort()).toEqual([1, 3]);
    expect(group.get(1)).toEqual({ version: 2, bytes: bytes(40, 'y') });
    for (let id = 10; id < 3000; id++) cache.set(group, id, 1, text(40));
    expect(group.size).toBe(2);
  });

  it('returns the bytes of the text it keeps, many fragments to one slab, multi-byte characters whole', () => {
    const cache = new FragmentCache(1_000_000);
    const group = cache.groupOf(table);
    const texts = ['{"name":"Zoë"}', '{"city":"Łódź 🚀"}', 'x'.repeat(1000)];
    const kept = texts.map((t, id) => cache.set(group, id, 1, t));
    expect(kept.map((b) => b.toString('utf8'))).toEqual(texts);
    expect(kept.map((b) => b.length)).toEqual(texts.map((t) => Buffer.byteLength(t)));
    expect(new Set(kept.map((b) => b.buffer)).size).toBe(1);
    expect(group.get(1)?.bytes).toBe(kept[1]);
    // A large render gets a buffer of its own rather than most of a slab.
    expect(cache.set(group, 9, 1, 'y'.repeat(600_000)).buffer).not.toBe(kept[0]!.buffer);
  });

  it('keeps nothing with a budget of 0, and still returns the bytes', () => {
    const cache = new FragmentCache(0);
    const group = cache.groupOf(table);
    expect(cache.set(group, 1, 1, '"a"').toString()).toBe('"a"');
    expect(group.size).toBe(0);
  });

  it('lets go of replaced fragments: rewriting a few records forever holds a bounded amount', () => {
    const cache = new FragmentCache(1_000_000);
    const group = cache.groupOf(table);
    for (let version = 1; version <= 5000; version++)
      for (let id = 1; id <= 10; id++) cache.set(group, id, version, text(40));
    expect(group.size).toBe(10);
    expect(group.get(3)?.version).toBe(5000);
    // 50,000 writes of 10 records: what is held stays near the live 10, never the writes' count.
    expect(cache.held).toBeLessThanOrEqual(2 * 1024 + 20);
  });
});
