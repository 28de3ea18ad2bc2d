import { describe, expect, expectTypeOf, it } from 'vitest';
import { PROVIDER_STATE_CATALOGUE, type ProviderStateParams, providerStateNamed } from './provider-states.js';

describe('the provider state catalogue', () => {
  it('names each state once', () => {
    const names = Object.values(PROVIDER_STATE_CATALOGUE).map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(providerStateNamed(name)?.name).toBe(name);
    expect(providerStateNamed('a unicorn exists')).toBeUndefined();
  });

  it('a template takes exactly the placeholders of its name, as strings or numbers', () => {
    const { params } = PROVIDER_STATE_CATALOGUE.operatorWithRole;
    expect(Object.keys(params.shape).sort()).toEqual(['id', 'org', 'role']);
    expect(params.safeParse({ org: 7, id: '12', role: 'admin' }).success).toBe(true);
    expect(params.safeParse({ org: 7, id: 12 }).success).toBe(false);
    expect(params.safeParse({ org: 7, id: 12, role: 'admin', extra: 1 }).success).toBe(false);
  });

  it('general states validate their parameters and type them for pacts', () => {
    const { params } = PROVIDER_STATE_CATALOGUE.aConversation;
    expect(params.parse({ id: 1042 })).toEqual({ id: 1042 });
    expect(params.safeParse({ id: 'x' }).success).toBe(false);
    expect(PROVIDER_STATE_CATALOGUE.clockIsAt.params.safeParse({ instant: 'noon' }).success).toBe(false);
    expectTypeOf<ProviderStateParams<'a conversation exists'>>().toMatchTypeOf<{ id?: number }>();
    expectTypeOf<ProviderStateParams<'a conversation with id {id} exists'>>().toEqualTypeOf<{
      id: string | number;
    }>();
  });
});
