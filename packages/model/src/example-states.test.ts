import { describe, expect, it } from 'vitest';
import { endpointList, endpoints } from './endpoints/index.js';
import { exampleStatesOf } from './example-states.js';
import { providerStateNamed } from './provider-states.js';

describe('exampleStatesOf', () => {
  it('gives every endpoint and success status states of the catalogue that its entry accepts', () => {
    for (const [id, ep] of endpointList())
      for (const status of Object.keys(ep.success).map(Number)) {
        for (const { name, params } of exampleStatesOf(ep, status)) {
          const entry = providerStateNamed(name);
          expect(entry, `${id}: ${name}`).toBeDefined();
          expect(entry!.params.safeParse(params).error, `${id}: ${name}`).toBeUndefined();
        }
      }
  });

  it('derives the records a path, a query or a body names from the registry', () => {
    expect(exampleStatesOf(endpoints.getNote)).toEqual([
      { name: 'a note with id {id} exists', params: { id: 88 } },
    ]);
    expect(exampleStatesOf(endpoints.getOperatorSlots)).toEqual([
      { name: 'an operator with id {id} exists', params: { id: 12 } },
    ]);
    expect(exampleStatesOf(endpoints.listMessages)).toEqual([
      {
        name: 'a conversation with id {id} exists with {messages} messages',
        params: { id: 1042, messages: 3 },
      },
    ]);
    expect(exampleStatesOf(endpoints.createNote)).toEqual([
      { name: 'a contact with id {id} exists', params: { id: 4711 } },
    ]);
    expect(exampleStatesOf(endpoints.listNotes)).toEqual([
      { name: 'contact {contact} has {count} notes', params: { contact: 4711, count: 2 } },
    ]);
    expect(exampleStatesOf(endpoints.listNavigationEvents)).toEqual([
      { name: 'contact {contact} has {count} navigation events', params: { contact: 4711, count: 2 } },
    ]);
    expect(exampleStatesOf(endpoints.deleteContacts)).toEqual([
      { name: 'a contact with id {id} exists', params: { id: 4711 } },
    ]);
    expect(exampleStatesOf(endpoints.listOperators)).toEqual([
      { name: 'an operator with id {id} exists', params: { id: 12 } },
    ]);
  });

  it('gives the states a status needs, data points for analytics and none for a retired version', () => {
    expect(exampleStatesOf(endpoints.upsertContact, 201)[0]?.name).toBe(
      'no contact with email {email} exists',
    );
    expect(exampleStatesOf(endpoints.upsertContact, 200)[0]?.name).toBe(
      'a contact with email {email} exists',
    );
    expect(exampleStatesOf(endpoints.analyticsLatest)).toEqual([
      {
        name: 'organization {org} has {metric} data points on {date}',
        params: { org: 7, metric: 'um_conversation_duration', date: '2024-03-14' },
      },
    ]);
    expect(exampleStatesOf(endpoints.retiredV2)).toEqual([]);
  });
});
