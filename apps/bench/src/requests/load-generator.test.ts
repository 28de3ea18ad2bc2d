import { describe, expect, it } from 'vitest';
import { assertLoopback } from './load-generator.js';

describe('load targets', () => {
  it('accepts only 127.0.0.1', () => {
    expect(() => assertLoopback('http://127.0.0.1:3000')).not.toThrow();
    expect(() => assertLoopback('http://example.com')).toThrow(/only 127\.0\.0\.1/);
    expect(() => assertLoopback('http://localhost:3000')).toThrow();
  });
});
