import { describe, expect, it } from 'vitest';
import { ApiError } from '../../core/api-error.js';
import { RETRY, withRetry } from './retry.js';

const failure = (code: string) => Object.assign(new Error(code), { code });

describe('withRetry', () => {
  it('runs again after a deadlock or serialization failure, and returns the result', async () => {
    const codes = ['40P01', '40001'];
    let calls = 0;
    const result = await withRetry(async () => {
      const code = codes[calls++];
      if (code) throw failure(code);
      return 'done';
    });
    expect(result).toBe('done');
    expect(calls).toBe(3);
  });

  it(`gives up after ${RETRY.attempts} attempts with 503 unavailable and Retry-After`, async () => {
    let calls = 0;
    const error = await withRetry(async () => {
      calls++;
      throw failure('40P01');
    }).catch((e: unknown) => e);
    expect(calls).toBe(RETRY.attempts);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, code: 'unavailable', headers: { 'Retry-After': '1' } });
  });

  it('passes any other error through at once', async () => {
    let calls = 0;
    const error = await withRetry(async () => {
      calls++;
      throw failure('23505');
    }).catch((e: unknown) => e);
    expect(calls).toBe(1);
    expect((error as { code: string }).code).toBe('23505');
  });
});
