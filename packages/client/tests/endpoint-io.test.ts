import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_FILE, generateEndpointIo } from '../scripts/endpoint-io.js';

describe('src/endpoint-io.generated.ts', () => {
  it("is the expansion of the model's current endpoint table (-u rewrites it)", async () => {
    const text = generateEndpointIo();
    // Read first, so that a stale file fails with a diff rather than a bare mismatch.
    expect(readFileSync(GENERATED_FILE, 'utf8').length).toBeGreaterThan(0);
    await expect(text).toMatchFileSnapshot(GENERATED_FILE);
  }, 120_000);
});
