import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const dist = resolve(import.meta.dirname, '../dist');
const files = ['index.js', 'index.cjs'].map((f) => resolve(dist, f));

describe('the published bundle runs in browsers as well as Node 20+', () => {
  it.skipIf(!files.every(existsSync))(
    'uses no Node built-in and imports nothing but @org/model at runtime',
    () => {
      for (const file of files) {
        const code = readFileSync(file, 'utf8');
        expect(code).not.toMatch(
          /\bnode:|\bprocess\.|\bBuffer\b|require\(["'](fs|http|https|path|url)["']\)/,
        );
        const imports = [...code.matchAll(/(?:from\s+|require\()["']([^"'.][^"']*)["']/g)].map((m) => m[1]);
        expect(new Set(imports)).toEqual(new Set(['@org/model']));
      }
    },
  );
});
