import { execFileSync } from 'node:child_process';
import { openApiDocument } from '@org/model/openapi';
import { describe, expect, it } from 'vitest';
import { type OpenApiDocument, operationsOf, SchemaValidator } from '../../src/document/openapi-document.js';
import type { FuzzStep } from '../../src/fuzz/fuzz.js';
import { scriptOf } from '../../src/fuzz/script.js';
import { recordKindsOf } from '../../src/fuzz/stateful/kinds.js';
import { planWalks } from '../../src/fuzz/stateful/plan.js';

const doc = openApiDocument() as unknown as OpenApiDocument;
const ops = operationsOf(doc);
const kinds = recordKindsOf(ops);
const pools = {
  ids: new Map<string, number[]>(),
  fields: new Map<string, unknown[]>([['contact_identity_id', [7, 8]]]),
  otherIds: new Map<string, number[]>(),
};
const walkContext = { kinds, gen: { doc, validator: new SchemaValidator(doc), pools }, otherToken: true };

describe('the kinds of record the stateful phase walks, read from the links', () => {
  it('creates contacts and notes, finds conversations and operators; each with its read, list and children', () => {
    const shown = kinds.map((k) => ({
      name: k.name,
      source: (k.creator ?? k.finder)?.id,
      read: k.read.id,
      update: k.update?.id,
      remove: k.remove?.id,
      list: k.list && `${k.list.op.id} ${[...k.list.parameters].join(' ')}`,
      children: k.childLists.map((l) => l.op.id),
      childCreates: k.childCreates.map((l) => l.op.id),
    }));
    expect(shown).toEqual([
      expect.objectContaining({
        name: 'conversations',
        source: 'listConversations',
        list: 'listConversations contact_identity_id,/contact/id',
        children: expect.arrayContaining(['listMessages']),
      }),
      {
        name: 'notes',
        source: 'createNote',
        read: 'getNote',
        update: undefined,
        remove: 'deleteNote',
        list: 'listNotes contact_identity_id,/contact_identity_id',
        children: [],
        childCreates: [],
      },
      expect.objectContaining({
        name: 'contacts',
        source: 'upsertContact',
        update: 'updateContact',
        list: 'listContacts id,/id',
        children: expect.arrayContaining(['listNotes', 'listConversations', 'listNavigationEvents']),
        childCreates: ['createNote'],
      }),
      expect.objectContaining({ name: 'operators', source: 'listOperators', children: ['getOperatorSlots'] }),
    ]);
  });

  it('plans the same walks for the same seed, other walks for another', () => {
    const plan = (seed: number) => JSON.stringify(planWalks(walkContext, 8, seed));
    expect(plan(3)).toBe(plan(3));
    expect(plan(4)).not.toBe(plan(3));
    const contact = planWalks(walkContext, 4, 3).find((w) => w.steps[0]?.op.id === 'upsertContact')!;
    expect(contact.steps.map((s) => s.role)).toEqual([
      'create',
      'read',
      'find in list',
      'search',
      'read as the other organization',
      'update as the other organization',
      'update',
      'read back',
      'create a child',
      'list its children',
      'delete',
      'read after the delete',
      'find in list after the delete',
      'list its children after the delete',
      'read its child after the delete',
      'create a child after the delete',
    ]);
  });
});

describe('the curl script of a sequence', () => {
  const base = { token: 'own', expect: 'none', after: [], origin: 'http://127.0.0.1:9' } as const;
  const steps: FuzzStep[] = [
    {
      ...base,
      role: 'create',
      bindings: [],
      request: {
        operationId: 'upsertContact',
        method: 'PUT',
        pathTemplate: '/api/um/v3/contact_identities/',
        pathParams: {},
        query: [{ name: 'identifier', value: 'email' }],
        headers: {},
        auth: 'token',
        kind: 'valid',
        body: {
          text: '{"email":"a@b.example"}',
          json: { email: 'a@b.example' },
          contentType: 'application/json',
        },
      },
    },
    {
      ...base,
      role: 'create a child',
      bindings: [{ into: 'body:contact_identity_id', step: 0, pointer: '/id' }],
      request: {
        operationId: 'createNote',
        method: 'POST',
        pathTemplate: '/api/um/v3/notes/',
        pathParams: {},
        query: [],
        headers: {},
        auth: 'token',
        kind: 'valid',
        body: {
          text: '{"contact_identity_id":12,"body":"ü"}',
          json: { contact_identity_id: 12, body: 'ü' },
          contentType: 'application/json',
        },
      },
    },
    {
      ...base,
      token: 'other',
      role: 'read as the other organization',
      expect: 'denied',
      bindings: [{ into: 'path:id', step: 0, pointer: '/id' }],
      request: {
        operationId: 'getContact',
        method: 'GET',
        pathTemplate: '/api/um/v3/contact_identities/{id}/',
        pathParams: { id: '12' },
        query: [],
        headers: {},
        auth: 'token',
        kind: 'mutated',
      },
    },
  ];
  const script = scriptOf(steps, ['a title']);

  it('reads the ids of earlier answers with jq into shell variables', () => {
    expect(script).toContain(`S1_ID=$(jq -r '.id' <<<"$B1")`);
    expect(script).toContain(`--data-binary '{"contact_identity_id":'"$S1_ID"$',"body":"\\xc3\\xbc"}'`);
    expect(script).toContain(
      `'http://127.0.0.1:9/api/um/v3/contact_identities/'"$S1_ID"'/' -H "Authorization: $OTHER_API_TOKEN"`,
    );
    expect(script).toContain('B1=$BODY');
    expect(script.match(/S1_ID=/g)).toHaveLength(1);
  });

  it('is a bash script bash can parse', () => {
    expect(() => execFileSync('bash', ['-n'], { input: script })).not.toThrow();
  });
});
