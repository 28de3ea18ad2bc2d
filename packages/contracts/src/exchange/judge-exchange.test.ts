import { messageExample, noteExample, operatorExample, RATE_LIMIT_HEADERS } from '@org/model';
import { openApiDocument } from '@org/model/openapi';
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../document/openapi-document.js';
import { type JudgeOptions, judgeExchange, judgeResponse } from './judge-exchange.js';
import { modelBodies } from './model-bodies.js';
import type { HeaderBag, RecordedExchange } from './types.js';

const DOCUMENT = openApiDocument() as unknown as OpenApiDocument;

function bagOf(headers: Record<string, string>): HeaderBag {
  const lower = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { get: (name) => lower.get(name.toLowerCase()) ?? null };
}

const RATE_LIMITS = Object.fromEntries(Object.keys(RATE_LIMIT_HEADERS).map((name) => [name, '50']));

interface Drift {
  readonly method?: string;
  readonly path?: string;
  readonly query?: Array<[string, string]>;
  readonly requestHeaders?: Record<string, string>;
  readonly requestBody?: string;
  readonly status?: number;
  readonly headers?: Record<string, string>;
  readonly body?: unknown;
  readonly text?: string;
}

/** getOperator's exchange as the reference server answers it, with one drift applied. */
function exchange(drift: Drift = {}): RecordedExchange {
  const body = 'body' in drift ? drift.body : operatorExample;
  return {
    request: {
      method: drift.method ?? 'GET',
      path: drift.path ?? `/api/um/v3/operators/${operatorExample.id}/`,
      query: drift.query ?? [],
      headers: bagOf(drift.requestHeaders ?? { Authorization: 'a-token' }),
      body: drift.requestBody,
    },
    response: {
      status: drift.status ?? 200,
      headers: bagOf(drift.headers ?? { 'Content-Type': 'application/json', ...RATE_LIMITS }),
      body: drift.text ?? JSON.stringify(body),
    },
  };
}

function judged(drift: Drift, options?: JudgeOptions) {
  return judgeExchange(DOCUMENT, exchange(drift), options).findings.map((f) => ({
    operationId: f.operationId,
    check: f.check,
    pointer: f.pointer,
    decision: f.decision,
  }));
}

describe('judgeExchange', () => {
  it('finds the operation by method and path template, and a documented exchange clean', () => {
    const judgement = judgeExchange(DOCUMENT, exchange());
    expect(judgement.operationId).toBe('getOperator');
    expect(judgement.findings).toEqual([]);
    expect(judgeExchange(DOCUMENT, exchange(), { strict: true }).findings).toEqual([]);
  });

  it('prefers a literal segment over a placeholder (conversations/all/)', () => {
    const all = judgeExchange(DOCUMENT, exchange({ path: '/api/um/v3/conversations/all/' }));
    expect(all.operationId).toBe('listAllConversations');
  });

  it('judges nothing of a path the document does not have', () => {
    const judgement = judgeExchange(DOCUMENT, exchange({ path: '/favicon.ico', status: 404 }));
    expect(judgement).toMatchObject({ operationId: undefined, findings: [] });
  });

  it('an undocumented status: status_code_conformance', () => {
    expect(judged({ status: 418 })).toEqual([
      {
        operationId: 'getOperator',
        check: 'status_code_conformance',
        pointer: '/response/status',
        decision: undefined,
      },
      // An error status the operation does not document still owes the common error body (D1).
      {
        operationId: 'getOperator',
        check: 'response_schema_conformance',
        pointer: '/response/body/detail',
        decision: 'D1',
      },
      {
        operationId: 'getOperator',
        check: 'response_schema_conformance',
        pointer: '/response/body/code',
        decision: 'D1',
      },
    ]);
  });

  it('a missing required field, a field of the wrong type, an undocumented value of a closed enum', () => {
    const { email: _email, ...withoutEmail } = operatorExample;
    expect(judged({ body: withoutEmail })).toEqual([
      {
        operationId: 'getOperator',
        check: 'response_schema_conformance',
        pointer: '/response/body/email',
        decision: 'D28',
      },
    ]);
    expect(judged({ body: { ...operatorExample, id: String(operatorExample.id) } })).toEqual([
      {
        operationId: 'getOperator',
        check: 'response_schema_conformance',
        pointer: '/response/body/id',
        decision: 'D4',
      },
    ]);
    const finding = judgeExchange(
      DOCUMENT,
      exchange({ body: { ...operatorExample, role: 'owner' } }),
    ).findings;
    expect(finding).toMatchObject([
      {
        check: 'response_schema_conformance',
        pointer: '/response/body/role',
        expected: 'one of "admin", "operator", "restricted"',
        got: '"owner"',
        decision: 'D4',
      },
    ]);
  });

  it('a missing documented header and a malformed one: response_headers_conformance, D2', () => {
    const { 'X-RateLimit-Remaining': _gone, ...fewer } = RATE_LIMITS;
    expect(judged({ headers: { 'Content-Type': 'application/json', ...fewer } })).toEqual([
      {
        operationId: 'getOperator',
        check: 'response_headers_conformance',
        pointer: '/response/headers/X-RateLimit-Remaining',
        decision: 'D2',
      },
    ]);
    const malformed = judgeExchange(
      DOCUMENT,
      exchange({
        headers: { 'Content-Type': 'application/json', ...RATE_LIMITS, 'X-RateLimit-Reset': 'soon' },
      }),
    );
    expect(malformed.verdicts.map((v) => v.message)).toEqual(['X-RateLimit-Reset: "soon"']);
  });

  it('a wrong content type: content_type_conformance', () => {
    expect(judged({ headers: { 'Content-Type': 'text/html', ...RATE_LIMITS } })).toEqual([
      {
        operationId: 'getOperator',
        check: 'content_type_conformance',
        pointer: '/response/headers/Content-Type',
        decision: undefined,
      },
    ]);
  });

  it('an unknown property: allowed by default (forward-compatible), a finding with strict', () => {
    const added = { body: { ...operatorExample, nickname: 'Jo' } };
    expect(judged(added)).toEqual([]);
    expect(judged(added, { strict: true })).toEqual([
      {
        operationId: 'getOperator',
        check: 'response_schema_conformance',
        pointer: '/response/body/nickname',
        decision: 'D4',
      },
    ]);
  });

  it('a body that is not JSON, and a page longer than its clamp (the limit parameter, D16)', () => {
    expect(judged({ text: '<html>' }).map((f) => f.pointer)).toEqual(['/response/body']);
    const page = { next: null, previous: null, results: Array.from({ length: 3 }, () => messageExample) };
    const path = '/api/um/v3/conversations/1042/messages/';
    expect(judged({ path, query: [['limit', '2']], body: page })).toEqual([
      {
        operationId: 'listMessages',
        check: 'response_schema_conformance',
        pointer: '/response/body/results',
        decision: 'D16',
      },
    ]);
  });

  it('a 2xx to a request the model rules out: negative_data_rejection, with the rule’s decision', () => {
    expect(judged({ query: [['no_such_parameter', '1']] })).toEqual([
      {
        operationId: 'getOperator',
        check: 'negative_data_rejection',
        pointer: '/request/query/no_such_parameter',
        decision: 'D17',
      },
    ]);
    // Refused, the same request is what the document says: nothing to report.
    const refusal = { detail: 'Unknown parameter.', code: 'invalid' };
    expect(judged({ query: [['no_such_parameter', '1']], status: 400, body: refusal })).toEqual([]);
  });

  it('a refusal of a request the document allows: positive_data_acceptance', () => {
    const refusal = { detail: 'No.', code: 'invalid' };
    expect(judged({ status: 400, body: refusal }).map((f) => f.check)).toEqual(['positive_data_acceptance']);
  });

  it('a 2xx without an Authorization header: ignored_auth', () => {
    expect(judged({ requestHeaders: {} }).map((f) => f.check)).toEqual(['ignored_auth']);
  });

  it('a write in another media type answered 415 is what the document says (D12)', () => {
    const body = { detail: 'Unsupported media type.', code: 'unsupported_media_type' };
    const request = {
      method: 'POST',
      path: '/api/um/v3/notes/',
      requestHeaders: { Authorization: 't', 'Content-Type': 'text/plain' },
      requestBody: JSON.stringify({ contact_identity_id: 1, body: 'x' }),
    };
    expect(judged({ ...request, status: 415, body })).toEqual([]);
    expect(judged({ ...request, status: 201, body: noteExample })).toEqual([
      {
        operationId: 'createNote',
        check: 'negative_data_rejection',
        pointer: '/request/headers/Content-Type',
        decision: 'D12',
      },
    ]);
  });

  it('a body larger than the caller validates is not judged, its content type still is', () => {
    const big = exchange({ headers: { 'Content-Type': 'text/plain', ...RATE_LIMITS }, text: '' });
    const judgement = judgeExchange(DOCUMENT, { ...big, response: { ...big.response, truncated: true } });
    expect(judgement.findings.map((f) => f.check)).toEqual(['content_type_conformance']);
  });
});

describe('judgeResponse with the model’s bodies (the conformance runner)', () => {
  it('words each issue as the model’s schema does', () => {
    const { created_at: _c, ...body } = noteExample;
    const verdicts = judgeResponse(
      DOCUMENT,
      'getNote',
      {
        status: 200,
        headers: bagOf({ 'Content-Type': 'application/json', ...RATE_LIMITS }),
        body: '',
        json: { value: body },
      },
      { bodies: modelBodies },
    );
    expect(verdicts.flatMap((v) => v.findings.map((f) => f.message))).toEqual([
      'created_at: Invalid input: expected string, received undefined',
    ]);
  });
});
