import { describe, expect, it } from 'vitest';
import { type EndpointId, endpointList, endpoints } from '../endpoints/index.js';
import { fieldAt } from '../resources.js';
import { generateOpenApiDocument } from './index.js';
import { linksOf } from './links.js';

type Links = ReturnType<typeof linksOf>;

const linksOfSuccess = (id: EndpointId): Links => {
  const ep = endpoints[id];
  const schema = Object.values(ep.success)[0];
  return schema ? linksOf(id, ep, schema) : {};
};

/** The value a `$response.body#/a/0/b` expression reads from a body. */
const read = (expression: string, body: unknown) =>
  fieldAt(body, expression.replace('$response.body#/', '').split('/').join('.'));

describe('links derived from the registry of resources', () => {
  it('lead from what a response yields to the operations that take it', () => {
    expect(Object.keys(linksOfSuccess('upsertContact'))).toEqual(
      expect.arrayContaining(['getContact', 'updateContact', 'deleteContact', 'createNote', 'listNotes']),
    );
    expect(linksOfSuccess('upsertContact').createNote?.requestBody).toEqual({
      contact_identity_id: '$response.body#/id',
    });
    expect(Object.keys(linksOfSuccess('createNote'))).toEqual(
      expect.arrayContaining(['getNote', 'deleteNote', 'getContact']),
    );
    expect(linksOfSuccess('listConversations').getConversation?.parameters).toEqual({
      id: '$response.body#/results/0/id',
    });
    expect(Object.keys(linksOfSuccess('listConversations'))).toEqual(
      expect.arrayContaining(['getConversation', 'listMessages', 'updateConversation', 'deleteConversation']),
    );
    expect(linksOfSuccess('deleteNote')).toEqual({});
    expect(linksOfSuccess('analyticsLatest')).toEqual({});
  });

  it('name operations that take each parameter, read from where the documented example holds an id', () => {
    let count = 0;
    for (const [id, ep] of endpointList()) {
      const links = linksOfSuccess(id);
      for (const [name, link] of Object.entries(links)) {
        count++;
        const target = endpoints[link.operationId];
        expect(name).toBe(link.operationId);
        expect(link.operationId, `${id} links to itself`).not.toBe(id);
        for (const [param, expression] of Object.entries(link.parameters ?? {})) {
          const takes = param === 'id' ? target.params : target.query;
          expect(
            Object.keys((takes as { shape: object } | undefined)?.shape ?? {}),
            `${id} -> ${name}`,
          ).toContain(param);
          expect(typeof read(expression, ep.example.response), `${id} -> ${name}: ${expression}`).toBe(
            'number',
          );
        }
        for (const [field, expression] of Object.entries(link.requestBody ?? {})) {
          expect(Object.keys((target.body as { shape: object } | undefined)?.shape ?? {})).toContain(field);
          expect(typeof read(expression, ep.example.response), `${id} -> ${name}: ${expression}`).toBe(
            'number',
          );
        }
      }
    }
    expect(count).toBeGreaterThan(50);
  });

  it('appear on the success responses of both documents', () => {
    for (const version of ['3.0', '3.1'] as const) {
      const doc = generateOpenApiDocument(version);
      const notes = doc.paths['/api/um/v3/notes/'] as {
        post: { responses: Record<string, { links?: object }> };
      };
      const response = notes.post.responses['201']!;
      expect(Object.keys(response.links ?? {})).toEqual(expect.arrayContaining(['getNote', 'deleteNote']));
    }
  });
});
