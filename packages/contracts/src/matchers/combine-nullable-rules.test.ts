import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { combineNullableRules, combineNullableRulesInPact } from './combine-nullable-rules.js';

const pact = () => ({
  interactions: [
    {
      response: {
        matchingRules: {
          body: {
            '$.a': { combine: 'AND', matchers: [{ match: 'integer' }, { match: 'null' }] },
            '$.b': { combine: 'AND', matchers: [{ match: 'type' }] },
            '$.c': { combine: 'AND', matchers: [{ match: 'null' }] },
          },
        },
      },
    },
  ],
});

describe('combineNullableRules', () => {
  it('turns [rule, null] lists into OR and leaves other lists alone', () => {
    const rules = combineNullableRulesInPact(pact()).interactions[0]!.response.matchingRules.body;
    expect(rules['$.a'].combine).toBe('OR');
    expect(rules['$.b'].combine).toBe('AND');
    expect(rules['$.c'].combine).toBe('AND');
  });

  it('rewrites the pact files of a directory once', () => {
    const dir = mkdtempSync(join(tmpdir(), 'combine-'));
    writeFileSync(join(dir, 'a-b.json'), JSON.stringify(pact()));
    expect(combineNullableRules(dir)).toEqual([join(dir, 'a-b.json')]);
    expect(readFileSync(join(dir, 'a-b.json'), 'utf8')).toContain('"combine": "OR"');
    expect(combineNullableRules(dir)).toEqual([]);
  });
});
