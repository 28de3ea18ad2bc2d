import { conversationExample, operatorExample } from '@org/model';
import { describe, expect, it } from 'vitest';
import { createClient, ResponseValidationError, type ValidationMode } from '../src/index.js';
import { fakeFetch, json } from './support/fake-fetch.js';

const BASE = 'http://api.test';

/** What a newer server answers: a field and an enum value this model does not know yet. */
const newerOperator = { ...operatorExample, role: 'supervisor', team_lead: true };
const newerPage = {
  count: 1,
  next: null,
  previous: null,
  results: [{ ...conversationExample, priority: 'high' }],
};

const clientFor = (body: unknown, validation?: ValidationMode) =>
  createClient({
    baseUrl: BASE,
    fetch: fakeFetch(() => json(body)).fetch,
    ...(validation ? { validation } : {}),
  });

describe('a server that grows (D30)', () => {
  it('tolerant: parses a new field (dropped) and a new enum value (kept)', async () => {
    const operator = await clientFor(newerOperator, 'tolerant').request('getOperator', { params: { id: 7 } });
    expect(operator.role).toBe('supervisor');
    expect(operator).not.toHaveProperty('team_lead');
    const page = await clientFor(newerPage, 'tolerant').request('listConversations');
    expect(page.results[0]).not.toHaveProperty('priority');
  });

  it('validateResponses: true is tolerant', async () => {
    const client = createClient({
      baseUrl: BASE,
      fetch: fakeFetch(() => json(newerOperator)).fetch,
      validateResponses: true,
    });
    await expect(client.request('getOperator', { params: { id: 7 } })).resolves.toMatchObject({
      role: 'supervisor',
    });
  });

  it('strict: rejects both with ResponseValidationError naming the fields', async () => {
    const error = await clientFor(newerOperator, 'strict')
      .request('getOperator', { params: { id: 7 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    const issues = (error as ResponseValidationError).issues.map((i) => `${i.code} ${i.path.join('.')}`);
    expect(issues).toEqual(expect.arrayContaining(['invalid_value role', 'unrecognized_keys ']));
    await expect(clientFor(newerPage, 'strict').request('listConversations')).rejects.toBeInstanceOf(
      ResponseValidationError,
    );
  });

  it('a call can ask for strict on a tolerant client', async () => {
    const client = clientFor(newerOperator, 'tolerant');
    await expect(
      client.request('getOperator', { params: { id: 7 }, validation: 'strict' }),
    ).rejects.toBeInstanceOf(ResponseValidationError);
  });

  it('off (the default): the body as sent', async () => {
    const operator = await clientFor(newerOperator).request('getOperator', { params: { id: 7 } });
    expect(operator).toEqual(newerOperator);
  });
});
