import { describe, expect, it } from 'vitest';
import { endpointOfRequest, pactCoverage } from './coverage.js';

describe('endpointOfRequest', () => {
  it('prefers literal paths over templates', () => {
    expect(endpointOfRequest('GET', '/api/um/v3/conversations/all/')).toBe('listAllConversations');
    expect(endpointOfRequest('GET', '/api/um/v3/conversations/12/')).toBe('getConversation');
    expect(endpointOfRequest('PATCH', '/api/um/v3/operators/12/away/')).toBe('setOperatorAway');
    expect(endpointOfRequest('GET', '/api/um/v1/analytics/um_conversation_rating/')).toBe(
      'analytics_um_conversation_rating',
    );
    expect(endpointOfRequest('GET', '/api/um/analytics/um_nope/')).toBe('analyticsLatest');
    expect(endpointOfRequest('POST', '/api/um/v3/conversations/')).toBeUndefined();
  });
});

describe('pactCoverage', () => {
  it('counts documented pairs, covered ones and strays', () => {
    const coverage = pactCoverage([
      { request: { method: 'GET', path: '/api/um/v3/notes/88/' }, response: { status: 200 } },
      { request: { method: 'GET', path: '/api/um/v3/notes/88/' }, response: { status: 404 } },
      { request: { method: 'GET', path: '/api/um/v3/notes/88/' }, response: { status: 200 } },
      { description: 'stray', request: { method: 'GET', path: '/nowhere' }, response: { status: 200 } },
    ]);
    expect(coverage.covered.map((c) => `${c.endpoint} ${c.status}`)).toEqual(['getNote 200', 'getNote 404']);
    expect(coverage.unmatched).toEqual(['stray']);
    expect(coverage.line).toMatch(
      /^Pact coverage: 2\/\d+ endpoint x status pairs \(\d+\.\d%\), 1\/\d+ endpoints$/,
    );
  });
});
