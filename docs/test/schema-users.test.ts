import { describe, expect, it } from 'vitest';
import { schemaUseKey, schemaUsers } from '../scripts/lib/breaking/schema-users.js';
import { fixtureDoc } from './support/fixture.js';

const labels = (users: Map<string, { label: string }[]>, name: string, direction: 'request' | 'response') =>
  (users.get(schemaUseKey(name, direction)) ?? []).map((u) => u.label).sort();

describe('schemaUsers', () => {
  const users = schemaUsers(fixtureDoc());

  it('finds the operations that receive a schema, through nested $refs and shared responses', () => {
    // Topic sits in Conversation, which sits in ConversationPage.
    expect(labels(users, 'Topic', 'response')).toEqual([
      'GET /api/um/v3/conversations/',
      'GET /api/um/v3/conversations/{id}/',
      'PATCH /api/um/v3/conversations/{id}/',
    ]);
    // Error only through #/components/responses/Invalid, NotFound and Throttled.
    expect(labels(users, 'Error', 'response')).toEqual([
      'GET /api/um/v3/conversations/',
      'GET /api/um/v3/conversations/{id}/',
      'PATCH /api/um/v3/conversations/{id}/',
    ]);
    expect(labels(users, 'Contact', 'response')).toEqual(['GET /api/um/v3/contact_identities/{id}/']);
  });

  it('names each operation with its operationId', () => {
    expect(users.get(schemaUseKey('AnalyticsDataPoint', 'response'))).toEqual([
      {
        label: 'GET /api/um/v1/analytics/um_conversation_duration/',
        operationId: 'getAnalyticsUmConversationDuration',
      },
    ]);
  });

  it('keeps requests apart from responses', () => {
    expect(labels(users, 'Contact', 'request')).toEqual([]);
    const doc = fixtureDoc();
    doc.paths['/api/um/v3/conversations/{id}/'].patch.requestBody.content['application/json'].schema = {
      $ref: '#/components/schemas/Topic',
    };
    expect(labels(schemaUsers(doc), 'Topic', 'request')).toEqual(['PATCH /api/um/v3/conversations/{id}/']);
  });

  it('reads schemas of parameters as sent', () => {
    const doc = fixtureDoc();
    doc.paths['/api/um/v3/conversations/'].get.parameters[2].schema = { $ref: '#/components/schemas/Topic' };
    expect(labels(schemaUsers(doc), 'Topic', 'request')).toEqual(['GET /api/um/v3/conversations/']);
  });
});
