import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { noteExample } from '@org/model';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../cli/main.js';
import { PROVIDER_NAME } from '../provider/provider-name.js';
import { checkPact } from './check-pact.js';

const { contact_identity_id, body } = noteExample;

/** A V4 HTTP interaction as Pact JS writes it. */
function interaction(
  description: string,
  request: {
    method: string;
    path: string;
    query?: Record<string, string[]>;
    headers?: Record<string, string[]>;
    body?: unknown;
    contentType?: string;
  },
  response: { status: number; headers?: Record<string, string[]>; body?: unknown },
) {
  const bodyOf = (value: unknown, contentType = 'application/json') =>
    value === undefined ? {} : { body: { content: value, contentType, encoded: false } };
  return {
    type: 'Synchronous/HTTP',
    description,
    request: {
      method: request.method,
      path: request.path,
      ...(request.query ? { query: request.query } : {}),
      headers: { Authorization: ['a-token'], ...request.headers },
      ...bodyOf(request.body, request.contentType),
    },
    response: { status: response.status, headers: response.headers ?? {}, ...bodyOf(response.body) },
  };
}

const READ_NOTE = interaction(
  'a note',
  { method: 'GET', path: `/api/um/v3/notes/${noteExample.id}/` },
  // A consumer's pact holds the fields it reads only.
  { status: 200, headers: { 'Content-Type': ['application/json'] }, body: { id: noteExample.id, body } },
);
const NOTE_AS_TEXT = interaction(
  'a note sent as text/plain',
  {
    method: 'POST',
    path: '/api/um/v3/notes/',
    headers: { 'Content-Type': ['text/plain'] },
    body: JSON.stringify({ contact_identity_id, body }),
    contentType: 'text/plain',
  },
  { status: 415, body: { detail: 'Unsupported media type "text/plain".', code: 'unsupported_media_type' } },
);

const pactOf = (...interactions: unknown[]) => ({
  consumer: { name: 'billing-ui' },
  provider: { name: PROVIDER_NAME },
  interactions,
  metadata: { pactSpecification: { version: '4.0' } },
});

/** Each fault planted in a consumer's pact, and the validator code that must name it. */
const FAULTS: Array<[string, unknown, string]> = [
  [
    'an undocumented status',
    interaction('teapot', { method: 'GET', path: '/api/um/v3/notes/1/' }, { status: 418 }),
    'response.status.unknown',
  ],
  [
    'a property the document does not declare',
    interaction(
      'extra',
      { method: 'GET', path: '/api/um/v3/notes/1/' },
      { status: 200, body: { id: 1, colour: 'red' } },
    ),
    'response.body.incompatible',
  ],
  [
    'a field of the wrong type',
    interaction(
      'wrong type',
      { method: 'GET', path: '/api/um/v3/notes/1/' },
      { status: 200, body: { id: 'one' } },
    ),
    'response.body.incompatible',
  ],
  [
    'an invalid query parameter expected to succeed',
    interaction(
      'bad limit',
      { method: 'GET', path: '/api/um/v3/notes/', query: { limit: ['many'] } },
      { status: 200 },
    ),
    'request.query.incompatible',
  ],
  [
    'a request in another media type expected to succeed',
    interaction(
      'text note',
      {
        method: 'POST',
        path: '/api/um/v3/notes/',
        headers: { 'Content-Type': ['text/plain'] },
        body: 'x',
        contentType: 'text/plain',
      },
      { status: 201 },
    ),
    'request.content-type.incompatible',
  ],
  [
    'a path of no operation',
    interaction('nowhere', { method: 'GET', path: '/api/um/v3/nowhere/' }, { status: 200 }),
    'request.path-or-method.unknown',
  ],
  [
    'a wrong documented header',
    interaction(
      'bad header',
      { method: 'GET', path: '/api/um/v3/notes/1/' },
      { status: 200, headers: { 'X-RateLimit-Limit': ['lots'] } },
    ),
    'response.header.incompatible',
  ],
];

describe('checkPact (the exchange engine)', () => {
  it('passes a consumer pact that reads some fields, and a documented 415 to a body sent as text/plain (D82)', async () => {
    const check = await checkPact(pactOf(READ_NOTE, NOTE_AS_TEXT));
    expect(check).toEqual({ interactions: 2, errors: [], warnings: [] });
  });

  it('with requireAllProperties, a pact must hold every required property', async () => {
    const check = await checkPact(pactOf(READ_NOTE), { requireAllProperties: true });
    expect(check.errors.map((f) => f.code)).toContain('response.body.incompatible');
  });

  it.each(FAULTS)('finds %s', async (_name, planted, code) => {
    const check = await checkPact(pactOf(READ_NOTE, planted));
    expect(check.errors.map((f) => [f.code, f.interaction])).toEqual([
      [code, (planted as { description: string }).description],
    ]);
  });

  it('says what is wrong with a file that is not a pact', async () => {
    await expect(checkPact({ consumer: {} })).rejects.toThrow(/not a pact/);
  });
});

describe('contracts check-pact', () => {
  const dir = mkdtempSync(join(tmpdir(), 'check-pact-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(argv, { out: (t) => out.push(t), err: (t) => err.push(t), env: {} });
    return { code, out: out.join(''), err: err.join('') };
  };

  it('exits 0 on a valid pact and 1 on a broken one, naming the finding; 2 on a file it cannot read', async () => {
    const valid = join(dir, 'valid.json');
    const broken = join(dir, 'broken.json');
    writeFileSync(valid, JSON.stringify(pactOf(READ_NOTE, NOTE_AS_TEXT)));
    writeFileSync(broken, JSON.stringify(pactOf(READ_NOTE, FAULTS[0]![1])));
    expect(await run('check-pact', valid)).toMatchObject({
      code: 0,
      out: '2 interactions: 0 errors, 0 warnings\n',
    });
    const failed = await run('check-pact', broken);
    expect(failed.code).toBe(1);
    expect(failed.out).toMatch(
      /^error {3}response\.status\.unknown teapot: 418 is not documented for getNote/m,
    );
    expect((await run('check-pact', join(dir, 'missing.json'))).code).toBe(2);
  });

  it('--cross-check adds swagger-mock-validator’s opinion (installed here as a dev dependency)', async () => {
    const valid = join(dir, 'valid.json');
    writeFileSync(valid, JSON.stringify(pactOf(READ_NOTE, NOTE_AS_TEXT)));
    const checked = await run('check-pact', valid, '--cross-check', '--json');
    expect(checked.code, checked.out).toBe(0);
  }, 60_000);
});
