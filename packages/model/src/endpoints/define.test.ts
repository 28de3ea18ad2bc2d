import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod/v4';
import { endpoint } from './define.js';
import { endpoints } from './index.js';

const base = {
  method: 'GET',
  group: 'contacts',
  tag: 'Notes',
  summary: 's',
  description: 'd',
  success: { 200: null },
  example: {},
} as const;

describe('endpoint() derives the error statuses from the shape', () => {
  it('every request, a path with parameters and a body each bring theirs, in ascending order', () => {
    const plain = endpoint({ ...base, path: '/x/' });
    expect(plain.errors).toEqual([400, 401, 403, 429, 431, 500, 503]);
    const withId = endpoint({ ...base, path: '/x/{id}/', method: 'PATCH', body: z.object({}) });
    expect(withId.errors).toEqual([400, 401, 403, 404, 414, 415, 429, 431, 500, 503]);
    expectTypeOf<(typeof withId.errors)[number]>().toEqualTypeOf<
      400 | 401 | 403 | 404 | 414 | 415 | 429 | 431 | 500 | 503
    >();
  });

  it('adds a status without restating the derived ones', () => {
    const adding = endpoint({ ...base, path: '/x/', additionalErrors: [404] });
    expect(adding.errors).toEqual([400, 401, 403, 404, 429, 431, 500, 503]);
    expectTypeOf<(typeof adding.errors)[number]>().toEqualTypeOf<
      400 | 401 | 403 | 404 | 429 | 431 | 500 | 503
    >();
    expect(endpoints.upsertContact.errors).toEqual([400, 401, 403, 404, 415, 429, 431, 500, 503]);
  });

  it('an uncounted endpoint with its own statuses gets no server errors', () => {
    expect(endpoints.retiredV2.errors).toEqual([400, 410, 431]);
    expectTypeOf<(typeof endpoints.retiredV2.errors)[number]>().toEqualTypeOf<400 | 410 | 431>();
  });

  it('an endpoint that asks nobody who they are and is not counted brings only what its shape does', () => {
    const control = { ...base, group: null, authorization: 'none' } as const;
    const bare = endpoint({ ...control, path: '/c' });
    expect(bare.errors).toEqual([431]);
    expectTypeOf<(typeof bare.errors)[number]>().toEqualTypeOf<431>();
    const filtered = endpoint({ ...control, path: '/c', query: z.object({}) });
    expect(filtered.errors).toEqual([400, 431]);
    expectTypeOf<(typeof filtered.errors)[number]>().toEqualTypeOf<400 | 431>();
    const written = endpoint({ ...control, path: '/c/{id}', method: 'PUT', body: z.object({}) });
    expect(written.errors).toEqual([400, 404, 414, 415, 431]);
    expectTypeOf<(typeof written.errors)[number]>().toEqualTypeOf<400 | 404 | 414 | 415 | 431>();
  });

  it("an endpoint that reads Authorization when given brings the token's statuses; additionalErrors adds", () => {
    const reading = endpoint({
      ...base,
      group: null,
      authorization: 'optional',
      path: '/c',
      method: 'POST',
      body: z.object({}),
      additionalErrors: [404],
    });
    expect(reading.errors).toEqual([400, 401, 403, 404, 415, 431]);
    expectTypeOf<(typeof reading.errors)[number]>().toEqualTypeOf<400 | 401 | 403 | 404 | 415 | 431>();
  });
});
