import { describe, expect, it } from 'vitest';
import { diffDocuments } from '../scripts/lib/breaking/diff-documents.js';
import type { ChangeClass } from '../scripts/lib/breaking/types.js';
import { type Doc, fixtureDoc } from './support/fixture.js';

const LIST = '/api/um/v3/conversations/';
const ONE = '/api/um/v3/conversations/{id}/';
const CONTACT = '/api/um/v3/contact_identities/{id}/';
const METRIC = '/api/um/v1/analytics/um_conversation_duration/';

interface Case {
  readonly name: string;
  readonly mutate: (doc: Doc) => void;
  readonly kind: string;
  readonly cls: ChangeClass;
  /** A part of the reported location. */
  readonly at: string;
}

// One row per rule of the versioning sections (json-api-v3 and analytics-api-v1, section 9).
const CASES: readonly Case[] = [
  {
    name: 'a removed operation',
    mutate: (d) => delete d.paths[ONE].patch,
    kind: 'operation removed',
    cls: 'breaking',
    at: `PATCH ${ONE}`,
  },
  {
    name: 'a removed path',
    mutate: (d) => delete d.paths[CONTACT],
    kind: 'operation removed',
    cls: 'breaking',
    at: `GET ${CONTACT}`,
  },
  {
    name: 'a moved operation',
    mutate: (d) => {
      d.paths['/api/um/v3/contacts/{id}/'] = d.paths[CONTACT];
      delete d.paths[CONTACT];
    },
    kind: 'operation moved',
    cls: 'breaking',
    at: `GET ${CONTACT}`,
  },
  {
    name: 'a renamed operation',
    mutate: (d) => {
      d.paths[LIST].get.operationId = 'conversationsList';
    },
    kind: 'operation renamed',
    cls: 'breaking',
    at: `GET ${LIST}`,
  },
  {
    name: 'a removed parameter',
    mutate: (d) => d.paths[LIST].get.parameters.splice(2, 1),
    kind: 'parameter removed',
    cls: 'breaking',
    at: 'query parameter status',
  },
  {
    name: 'a renamed parameter (its old name is removed)',
    mutate: (d) => {
      d.paths[LIST].get.parameters[2].name = 'state';
    },
    kind: 'parameter removed',
    cls: 'breaking',
    at: 'query parameter status',
  },
  {
    name: 'a parameter made required',
    mutate: (d) => {
      d.paths[LIST].get.parameters[2].required = true;
    },
    kind: 'parameter made required',
    cls: 'breaking',
    at: 'query parameter status',
  },
  {
    name: 'a narrowed parameter type',
    mutate: (d) => {
      d.paths[METRIC].get.parameters[0].schema.type = 'integer';
    },
    kind: 'type changed',
    cls: 'breaking',
    at: 'query parameter organization_id',
  },
  {
    name: 'a changed parameter default',
    mutate: (d) => {
      d.paths[LIST].get.parameters[0].schema.default = 20;
    },
    kind: 'default changed',
    cls: 'breaking',
    at: 'query parameter limit',
  },
  {
    name: 'a tightened request constraint',
    mutate: (d) => {
      d.paths[LIST].get.parameters[0].schema.maximum = 50;
    },
    kind: 'constraint tightened',
    cls: 'breaking',
    at: 'query parameter limit',
  },
  {
    name: 'a removed response property',
    mutate: (d) => delete d.components.schemas.Contact.properties.email,
    kind: 'property removed',
    cls: 'breaking',
    at: 'schema Contact (in responses) › email',
  },
  {
    name: 'an optional property made required',
    mutate: (d) => d.components.schemas.Contact.required.push('name'),
    kind: 'property made required',
    cls: 'breaking',
    at: 'schema Contact (in responses) › name',
  },
  {
    name: 'a required response property made optional',
    mutate: (d) => {
      d.components.schemas.Contact.required = ['id'];
    },
    kind: 'property made optional',
    cls: 'breaking',
    at: 'schema Contact (in responses) › email_verified',
  },
  {
    name: 'a removed enum value',
    mutate: (d) => d.components.schemas.Conversation.properties.status.enum.pop(),
    kind: 'enum value removed',
    cls: 'breaking',
    at: 'schema Conversation (in responses) › status',
  },
  {
    name: 'a narrowed response type',
    mutate: (d) => {
      d.components.schemas.AnalyticsDataPoint.properties.value.type = 'integer';
    },
    kind: 'type narrowed',
    cls: 'breaking',
    at: 'schema AnalyticsDataPoint (in responses) › value',
  },
  {
    name: 'a nullable response field made non-null',
    mutate: (d) => {
      d.components.schemas.Conversation.properties.subject.nullable = false;
    },
    kind: 'type narrowed',
    cls: 'breaking',
    at: 'schema Conversation (in responses) › subject',
  },
  {
    name: 'a removed response',
    mutate: (d) => delete d.paths[LIST].get.responses['429'],
    kind: 'response removed',
    cls: 'breaking',
    at: `GET ${LIST} › response 429`,
  },
  {
    name: 'a removed response header',
    mutate: (d) => delete d.components.responses.Throttled.headers['Retry-After'],
    kind: 'response header removed',
    cls: 'breaking',
    at: 'response 429',
  },
  {
    name: 'a new required request property',
    mutate: (d) => {
      const body = d.paths[ONE].patch.requestBody.content['application/json'].schema;
      body.properties.subject = { type: 'string' };
      body.required = ['subject'];
    },
    kind: 'required property added',
    cls: 'breaking',
    at: 'request body application/json › subject',
  },
  {
    name: 'a new endpoint',
    mutate: (d) => {
      d.paths['/api/um/v3/notes/'] = {
        get: { operationId: 'listNotes', summary: 'List notes', responses: { 200: { description: 'ok' } } },
      };
    },
    kind: 'operation added',
    cls: 'non-breaking',
    at: 'GET /api/um/v3/notes/',
  },
  {
    name: 'a new optional parameter',
    mutate: (d) =>
      d.paths[LIST].get.parameters.push({
        name: 'topics',
        in: 'query',
        required: false,
        schema: { type: 'integer' },
      }),
    kind: 'optional parameter added',
    cls: 'non-breaking',
    at: 'query parameter topics',
  },
  {
    name: 'a new optional request property',
    mutate: (d) => {
      d.paths[ONE].patch.requestBody.content['application/json'].schema.properties.subject = {
        type: 'string',
      };
    },
    kind: 'optional property added',
    cls: 'non-breaking',
    at: 'request body application/json › subject',
  },
  {
    name: 'a new response property',
    mutate: (d) => {
      d.components.schemas.Contact.properties.city = { type: 'string', nullable: true };
      d.components.schemas.Contact.required.push('city');
    },
    kind: 'required property added',
    cls: 'non-breaking',
    at: 'schema Contact (in responses) › city',
  },
  {
    name: 'a new enum value in a response',
    mutate: (d) => d.components.schemas.Conversation.properties.status.enum.push('open'),
    kind: 'enum value added',
    cls: 'non-breaking',
    at: 'schema Conversation (in responses) › status',
  },
  {
    name: 'a widened request type',
    mutate: (d) => {
      d.paths[LIST].get.parameters[0].schema.type = 'number';
    },
    kind: 'type widened',
    cls: 'non-breaking',
    at: 'query parameter limit',
  },
  {
    name: 'a new response status',
    mutate: (d) => {
      d.paths[CONTACT].get.responses['404'] = { $ref: '#/components/responses/NotFound' };
    },
    kind: 'response added',
    cls: 'non-breaking',
    at: `GET ${CONTACT} › response 404`,
  },
  {
    name: 'a deprecated operation',
    mutate: (d) => {
      d.paths[CONTACT].get.deprecated = true;
    },
    kind: 'operation deprecated',
    cls: 'non-breaking',
    at: `GET ${CONTACT}`,
  },
];

describe('diffDocuments classifies by the versioning rules', () => {
  it('finds no difference between a document and itself', () => {
    expect(diffDocuments(fixtureDoc(), fixtureDoc())).toEqual([]);
  });

  it.each(CASES)('$name: $kind is $cls', ({ mutate, kind, cls, at }) => {
    const after = fixtureDoc();
    mutate(after);
    const changes = diffDocuments(fixtureDoc(), after);
    expect(changes).toContainEqual(
      expect.objectContaining({ kind, class: cls, location: expect.stringContaining(at) }),
    );
    if (cls === 'non-breaking') expect(changes.filter((c) => c.class === 'breaking')).toEqual([]);
  });

  it('reports a change of a shared schema once, not once per endpoint that uses it', () => {
    const after = fixtureDoc();
    delete after.components.schemas.Topic.properties.text;
    const removals = diffDocuments(fixtureDoc(), after).filter((c) => c.kind === 'property removed');
    expect(removals).toEqual([expect.objectContaining({ location: 'schema Topic (in responses) › text' })]);
  });

  it('ignores prose: summaries, descriptions and examples', () => {
    const after = fixtureDoc();
    after.paths[LIST].get.summary = 'Conversations, newest first';
    after.info.description = 'Reworded.';
    after.components.schemas.Contact.properties.name.description = 'The contact name';
    expect(diffDocuments(fixtureDoc(), after)).toEqual([]);
  });
});
