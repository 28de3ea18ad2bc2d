import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_FILE, generateEndpointIo } from '../scripts/endpoint-io.js';

describe('src/endpoint-io.generated.ts', () => {
  it("is the expansion of the model's current endpoint table (run `pnpm generate`)", () => {
    expect(
      readFileSync(GENERATED_FILE, 'utf8'),
      'packages/client/src/endpoint-io.generated.ts is stale: run pnpm generate',
    ).toBe(generateEndpointIo());
  }, 120_000);
});
