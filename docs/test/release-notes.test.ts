import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffDocuments, isBreaking } from '../scripts/lib/breaking/diff-documents.js';
import { apiReleaseNotes, apiReleaseNotesOfFiles } from '../scripts/lib/breaking/release-notes.js';
import { OPENAPI_JSON, RELEASES_DIR } from '../scripts/lib/paths.js';
import { type Doc, fixtureDoc } from './support/fixture.js';

const LIST = '/api/um/v3/conversations/';
const CONTACT = '/api/um/v3/contact_identities/{id}/';

/** The fixture after a release that removes a field, a parameter and an operation and adds others. */
const nextRelease = (): Doc => {
  const doc = fixtureDoc();
  doc.info.version = '0.2.0';
  delete doc.components.schemas.Contact.properties.email;
  doc.paths[LIST].get.parameters.splice(2, 1);
  delete doc.paths['/api/um/v3/conversations/{id}/'].patch;
  doc.paths[CONTACT].get.responses['404'] = { $ref: '#/components/responses/NotFound' };
  doc.paths['/api/um/v3/notes/'] = {
    get: { operationId: 'listNotes', responses: { 200: { description: 'Notes' } } },
  };
  return doc;
};

describe('apiReleaseNotes', () => {
  const notes = apiReleaseNotes(fixtureDoc(), nextRelease());

  it('lists what changed between the two documents, breaking first, with the versions compared', () => {
    expect(notes.from).toBe('0.1.0');
    expect(notes.to).toBe('0.2.0');
    expect(notes.breakingCount).toBe(3);
    expect(notes.entries.map((e) => [e.breaking, e.kind, e.where])).toEqual([
      [true, 'parameter removed', `GET ${LIST} › query parameter status`],
      [true, 'operation removed', 'PATCH /api/um/v3/conversations/{id}/'],
      [true, 'property removed', 'schema Contact (in responses) › email'],
      [false, 'response added', `GET ${CONTACT} › response 404`],
      [false, 'operation added', 'GET /api/um/v3/notes/'],
    ]);
  });

  it('splits a location into the operation and the part, with the operationId', () => {
    expect(notes.entries[0]).toEqual({
      breaking: true,
      kind: 'parameter removed',
      where: `GET ${LIST} › query parameter status`,
      operation: `GET ${LIST}`,
      part: 'query parameter status',
      operations: [{ label: `GET ${LIST}`, operationId: 'listConversations' }],
    });
    // A removed operation is named by the document that still has it.
    expect(notes.entries[1]?.operations).toEqual([
      { label: 'PATCH /api/um/v3/conversations/{id}/', operationId: 'updateConversation' },
    ]);
  });

  it('names the operations a change of a shared schema is seen through', () => {
    expect(notes.entries[2]).toEqual({
      breaking: true,
      kind: 'property removed',
      where: 'schema Contact (in responses) › email',
      schema: { name: 'Contact', direction: 'response' },
      part: 'email',
      operations: [{ label: `GET ${CONTACT}`, operationId: 'getContactIdentity' }],
    });
  });

  it('counts an operation that used a changed schema only before the release', () => {
    const before = fixtureDoc();
    const after = fixtureDoc();
    after.components.schemas.Topic.properties.text.maxLength = 10;
    delete after.paths['/api/um/v3/conversations/{id}/'].patch;
    const topic = apiReleaseNotes(before, after).entries.find((e) => e.schema?.name === 'Topic');
    expect(topic?.operations.map((o) => o.label)).toEqual([
      'GET /api/um/v3/conversations/',
      'GET /api/um/v3/conversations/{id}/',
      'PATCH /api/um/v3/conversations/{id}/',
    ]);
  });

  it('keeps the details of the differ and takes versions from the caller', () => {
    const after = fixtureDoc();
    after.components.schemas.Conversation.properties.status.enum.push('archived');
    const changed = apiReleaseNotes(fixtureDoc(), after, { from: '1.0.0', to: '1.1.0' });
    expect(changed).toMatchObject({ from: '1.0.0', to: '1.1.0', breakingCount: 0 });
    expect(changed.entries).toEqual([
      expect.objectContaining({ kind: 'enum value added', detail: 'archived (response)', part: 'status' }),
    ]);
  });

  it('has no entry for identical documents', () => {
    expect(apiReleaseNotes(fixtureDoc(), fixtureDoc()).entries).toEqual([]);
  });
});

describe('the notes of the committed documents (docs/releases/openapi-0.1.0.json -> docs/openapi.json)', () => {
  it('hold exactly the differences the gate finds, and say where a client meets each', async () => {
    const before = JSON.parse(await readFile(join(RELEASES_DIR, 'openapi-0.1.0.json'), 'utf8'));
    const after = JSON.parse(await readFile(OPENAPI_JSON, 'utf8'));
    const notes = await apiReleaseNotesOfFiles(join(RELEASES_DIR, 'openapi-0.1.0.json'), OPENAPI_JSON);
    const gate = diffDocuments(before, after);
    expect(notes.from).toBe('0.1.0');
    expect(notes.entries.length).toBe(gate.length);
    expect(notes.breakingCount).toBe(gate.filter(isBreaking).length);
    expect(notes.entries.map((e) => `${e.breaking} ${e.kind} ${e.where} ${e.detail}`).sort()).toEqual(
      gate.map((c) => `${isBreaking(c)} ${c.kind} ${c.location} ${c.detail}`).sort(),
    );
    expect(notes.entries.filter((e) => e.operations.length === 0)).toEqual([]);
    expect(notes.entries.filter((e) => e.operation === undefined && e.schema === undefined)).toEqual([]);
  });
});
