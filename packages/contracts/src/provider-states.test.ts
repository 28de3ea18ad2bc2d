import { describe, expect, it } from 'vitest';
import { defineStateHandlers } from './provider/state-handlers.js';
import { PROVIDER_STATES, providerState } from './provider-states.js';

describe('typed provider states', () => {
  it('pairs a state name with exactly its parameters', () => {
    expect(providerState('a conversation with id {id} exists', { id: 1042 })).toEqual([
      PROVIDER_STATES.conversationExists,
      { id: 1042 },
    ]);
    // @ts-expect-error: not a state of PROVIDER_STATES
    providerState('a unicorn exists', { id: 1 });
    // @ts-expect-error: the template has {id}, not {conversation}
    providerState(PROVIDER_STATES.conversationExists, { conversation: 1 });
  });

  it('types state handlers by their template', async () => {
    const seen: unknown[] = [];
    const handlers = defineStateHandlers(
      {
        [PROVIDER_STATES.contacts]: ({ org, count }) => seen.push([org, count]),
        // @ts-expect-error: the state has no {email} parameter
        [PROVIDER_STATES.contactExists]: ({ email }) => seen.push(email),
      },
      { 'crm-sync has customers': () => seen.push('custom') },
    );
    const contacts = handlers[PROVIDER_STATES.contacts];
    if (typeof contacts === 'function') await contacts({ org: 7, count: 3 });
    expect(seen).toEqual([[7, 3]]);
    expect(Object.keys(handlers)).toContain('crm-sync has customers');
  });
});
