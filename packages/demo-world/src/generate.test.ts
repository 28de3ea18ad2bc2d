import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateWorld, type WorldSink } from './generate.js';
import { resolveWorldOptions, type WorldOptions } from './options.js';
import { WORLD_TABLES, type WorldTable } from './rows.js';

const TINY: WorldOptions = {
  organizations: 2,
  contactsPerOrg: 8,
  conversationsPerOrg: 12,
  messagesPerConversation: 4,
  days: 7,
  now: '2026-01-01T12:00:00.000000Z',
};

/** A sink that keeps what a store would write: rows per table, and a hash of all of them in order. */
const memorySink = () => {
  const hash = createHash('sha256');
  const rows = new Map<WorldTable, unknown[][]>();
  const sink: WorldSink & { rows: typeof rows; digest: () => string } = {
    rows,
    totalRows: 0,
    add(table, values) {
      hash.update(`${table}${JSON.stringify(values)}\n`);
      rows.set(table, [...(rows.get(table) ?? []), [...values]]);
      (this as { totalRows: number }).totalRows++;
    },
    maybeFlush: async () => {},
    digest: () => hash.digest('hex'),
  };
  return sink;
};

const generate = async (options: WorldOptions) => {
  const sink = memorySink();
  const world = await generateWorld(resolveWorldOptions(options), options, sink);
  return { world, sink };
};

describe('generateWorld', () => {
  it('is deterministic: the same options give the same rows in the same order', async () => {
    const a = await generate(TINY);
    const b = await generate(TINY);
    expect(a.sink.digest()).toBe(b.sink.digest());
    expect(a.world).toEqual(b.world);
  });

  it('another seed gives another world', async () => {
    const a = await generate(TINY);
    const b = await generate({ ...TINY, seed: 2 });
    expect(a.sink.digest()).not.toBe(b.sink.digest());
  });

  it('writes rows of the declared tables with one value per declared column', async () => {
    const { sink, world } = await generate(TINY);
    const columns = new Map(WORLD_TABLES.map(([table, specs]) => [table, specs.length]));
    for (const [table, rows] of sink.rows)
      for (const row of rows) expect(row, table).toHaveLength(columns.get(table)!);
    expect(world.organizationIds).toHaveLength(2);
    expect(sink.rows.get('conversations')).toHaveLength(24);
  });

  it('keeps raw tokens out of the stored columns: the store derives their hash', async () => {
    const { sink, world } = await generate({ ...TINY, tokens: { customer: 'raw-customer-token' } });
    expect(world.tokens.customer).toBe('raw-customer-token');
    const [, specs] = WORLD_TABLES.find(([table]) => table === 'api_tokens')!;
    const token = specs.findIndex(([name]) => name === 'token');
    expect(specs[token]).toEqual(['token', 'text', 'input']);
    expect(sink.rows.get('api_tokens')!.some((row) => row[token] === 'raw-customer-token')).toBe(true);
  });
});
