import { describe, expect, it } from 'vitest';
import { checkPact } from '../../src/openapi/check-pact.js';
import { OPENAPI_FILE, PACT_FILE } from '../support/contract.js';

describe('every pact is allowed by docs/openapi.json', () => {
  it('by the exchange engine: no error or warning, the 415s to a body sent as text/plain included (D82)', async () => {
    const check = await checkPact(PACT_FILE, { openapi: OPENAPI_FILE, requireAllProperties: true });
    expect(check.interactions).toBeGreaterThan(0);
    expect(
      [...check.errors, ...check.warnings].map((f) => `${f.code} ${f.interaction}: ${f.message}`),
    ).toEqual([]);
  });

  it('and by @pactflow/swagger-mock-validator, the cross-check', async () => {
    const check = await checkPact(PACT_FILE, {
      openapi: OPENAPI_FILE,
      requireAllProperties: true,
      crossCheck: true,
    });
    expect(
      [...check.errors, ...check.warnings].map((f) => `${f.code} ${f.interaction}: ${f.message}`),
    ).toEqual([]);
  }, 600_000);
});
