import { describe, expect, it } from 'vitest';
import { endpointById, nearestEndpointIds } from './endpoint-lookup.js';
import { errorBodySchemaFor } from './error-bodies.js';
import { pactMatchersFor } from './matchers/pact-matchers-for.js';

describe('errorBodySchemaFor(endpoint, status)', () => {
  it('fixes the code to the ones the error table documents for the status', () => {
    const notFound = errorBodySchemaFor('getContact', 404);
    expect(notFound.safeParse({ detail: 'Not found.', code: 'not_found' }).success).toBe(true);
    expect(notFound.safeParse({ detail: 'Not found.', code: 'throttled' }).success).toBe(false);
    const template = pactMatchersFor(notFound, { detail: 'Not found.', code: 'not_found' }) as {
      code: { regex: string };
    };
    expect(template.code.regex).toBe('^(not_found)$');
    const unauthenticated = errorBodySchemaFor('listContacts', 401);
    for (const code of ['not_authenticated', 'authentication_failed'])
      expect(unauthenticated.safeParse({ detail: 'No.', code }).success).toBe(true);
    expect(unauthenticated.safeParse({ detail: 'No.', code: 'not_found' }).success).toBe(false);
  });

  it('refuses a status the endpoint does not document, naming those it does', () => {
    expect(() => errorBodySchemaFor('listContacts', 404)).toThrow(/listContacts documents no 404; .*400/);
  });
});

describe('endpointById', () => {
  it('names the nearest ids of a misspelt one', () => {
    expect(endpointById('getContact').method).toBe('GET');
    expect(nearestEndpointIds('listContact')[0]).toBe('listContacts');
    expect(() => endpointById('getConversaton')).toThrow(
      /unknown endpoint id "getConversaton"; did you mean getConversation\b/,
    );
    // @ts-expect-error: errorBodySchemaFor takes the model's endpoint ids only
    expect(() => errorBodySchemaFor('listContact', 400)).toThrow(/did you mean listContacts/);
  });
});
