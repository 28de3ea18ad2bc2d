import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endpoints } from '@org/model';
import { openApiDocument } from '@org/model/openapi';
import { describe, expect, it } from 'vitest';
import { main } from './cli/main.js';
import { coverageOfJournal, journalCoverage } from './journal-coverage.js';
import { formatJournalCoverage } from './journal-coverage-text.js';
import { type DocumentedOperation, documentedOperations, journalStatusesOf } from './journal-documented.js';
import type { JournalExchange } from './journal-exercised.js';
import { finiteValuesOf, type Json, MAX_FINITE_VALUES } from './journal-schema.js';

const DOCUMENTED = documentedOperations(openApiDocument() as unknown as Json);
const documentedOf = (id: string) => DOCUMENTED.find((d) => d.operation === id)!;
const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };

/** One journal entry as GET /_sandbox/requests answers it, with what a test does not care about filled in. */
function exchange(
  method: string,
  path: string,
  status: number,
  extra: Partial<Pick<JournalExchange, 'operation' | 'query'>> & { body?: unknown; answer?: unknown } = {},
): JournalExchange {
  return {
    ...(extra.operation === undefined ? {} : { operation: extra.operation }),
    method,
    path,
    query: extra.query ?? {},
    status,
    request: { headers: extra.body === undefined ? {} : JSON_TYPE, body: extra.body ?? null },
    response: { headers: JSON_TYPE, body: extra.answer ?? null },
  };
}

/** A JSON body holding every property path given (`results[].id` -> { results: [{ id: 1 }] }). */
function bodyWith(paths: readonly string[]): unknown {
  const place = (node: unknown, steps: readonly string[]): unknown => {
    const [step, ...rest] = steps;
    if (step === undefined) return node ?? 1;
    if (step === '[]') {
      const list = Array.isArray(node) ? node : [];
      list[0] = place(list[0], rest);
      return list;
    }
    const object = (typeof node === 'object' && node !== null && !Array.isArray(node) ? node : {}) as Json;
    object[step] = place(object[step], rest);
    return object;
  };
  return paths.reduce<unknown>(
    (body, path) => place(body, path.replace(/\[\]/g, '.[]').split('.').filter(Boolean)),
    undefined,
  );
}

/**
 * A journal that exercises everything one operation documents: each status once, every parameter
 * in every request, each finite value, and a success body with every documented property.
 */
function completeJournal(op: DocumentedOperation): JournalExchange[] {
  const value = (name: string) => op.values.find((v) => v.startsWith(`${name}=`))?.split('=')[1] ?? '1';
  const request = (values: ReadonlyMap<string, string> = new Map()) => {
    const pick = (name: string) => values.get(name) ?? value(name);
    const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => pick(`path:${name}`));
    const query = Object.fromEntries(
      op.parameters.filter((p) => p.startsWith('query:')).map((p) => [p.slice(6), pick(p)]),
    );
    const fields = op.parameters.filter((p) => p.startsWith('body:')).map((p) => [p.slice(5), pick(p)]);
    return { path, query, ...(fields.length ? { body: Object.fromEntries(fields) } : {}) };
  };
  const answer = (status: number) =>
    op.bodyStatuses.includes(status) ? bodyWith(op.properties) : { detail: 'x', code: 'x' };
  const success = op.statuses.find((s) => s < 300)!;
  const { path, ...rest } = request();
  return [
    ...op.statuses.map((status) => exchange(op.method, path, status, { ...rest, answer: answer(status) })),
    ...op.values.map((pair) => {
      const [name, v] = pair.split('=') as [string, string];
      const { path: filled, ...sent } = request(new Map([[name, v]]));
      return exchange(op.method, filled, success, { ...sent, answer: answer(success) });
    }),
  ];
}

describe('what the journal coverage counts as documented', () => {
  it('takes the statuses a test can meet in the sandbox: the contracted ones and the forced 500 and 503', () => {
    expect(journalStatusesOf(endpoints.getNote)).toEqual([200, 400, 401, 403, 404, 429, 500, 503]);
    // The transport's 414 and 431 are answered before an operation is routed; a retired path's 400 is the router's.
    expect(journalStatusesOf(endpoints.retiredV2)).toEqual([410]);
  });

  it("takes the parameters of the model's shapes and the finite values of the document", () => {
    const operator = documentedOf('updateOperator');
    expect(operator.parameters).toEqual(
      expect.arrayContaining(['path:id', 'query:exclude_ids', 'body:is_away']),
    );
    expect(operator.values).toEqual(expect.arrayContaining(['body:is_away=true', 'body:role=restricted']));
    expect(operator.requestTypes).toEqual(['application/json']);
    expect(documentedOf('listContacts').booleans).toEqual(['query:verified']);
    expect(documentedOf('getNote').properties).toEqual(expect.arrayContaining(['id', 'body', 'created_at']));
    expect(documentedOf('listNotes').properties).toEqual(expect.arrayContaining(['count', 'results[].id']));
  });

  it('counts booleans and short enums as finite, not a value set such as the country codes', () => {
    const doc = {
      components: { schemas: { Country: { enum: Array.from({ length: 30 }, (_, i) => `c${i}`) } } },
    };
    expect(finiteValuesOf(doc, { type: 'boolean' })).toEqual(['true', 'false']);
    expect(
      finiteValuesOf(doc, {
        anyOf: [{ enum: ['a', 'b'] }, { type: 'string', nullable: true, enum: [null] }],
      }),
    ).toEqual(['a', 'b']);
    expect(finiteValuesOf(doc, { $ref: '#/components/schemas/Country' })).toBeUndefined();
    expect(MAX_FINITE_VALUES).toBeLessThan(30);
    expect(finiteValuesOf(doc, { type: 'string' })).toBeUndefined();
  });
});

describe('the levels of a hand-made journal', () => {
  const noteAnswer = { id: 88, contact_identity_id: 1, body: 'x' };

  it('reports nothing for an empty journal: TCL0', () => {
    const report = coverageOfJournal([], DOCUMENTED);
    expect(report.level).toBe(0);
    expect(report.operations).toMatchObject({ exercised: 0, documented: DOCUMENTED.length, percent: 0 });
    expect(formatJournalCoverage(report)).toContain('The journal is empty.');
  });

  it('judges the operations exercised by default: paths, operations and content types hold, parameters do not', () => {
    const report = coverageOfJournal(
      [
        exchange('GET', '/api/um/v3/notes/88/', 200, { operation: 'getNote', answer: noteAnswer }),
        exchange('GET', '/api/um/v3/notes/89/', 404, { operation: 'getNote' }),
        exchange('GET', '/nowhere/', 404, { operation: null }),
      ],
      DOCUMENTED,
    );
    expect(report.scope).toBe('exercised');
    expect(report.level).toBe(3);
    expect(report.next).toEqual({ level: 4, missing: ['getNote query:exclude_ids'] });
    expect(report.operations).toMatchObject({ exercised: 1, documented: DOCUMENTED.length, missing: [] });
    expect(report.unmatched).toEqual([{ request: 'GET /nowhere/', count: 1 }]);
    const [note] = report.perOperation;
    expect(note!.statuses).toEqual({
      documented: [200, 400, 401, 403, 404, 429, 500, 503],
      exercised: [200, 404],
      missing: [400, 401, 403, 429, 500, 503],
      undocumented: [],
    });
    expect(note!.parameters).toMatchObject({ exercised: ['path:id'], missing: ['query:exclude_ids'] });
    const text = formatJournalCoverage(report);
    expect(text).toMatch(/^Operations: 1\/80 documented operations exercised \(1\.3%\) by 3 exchanges$/m);
    expect(text).toMatch(
      /^Level: TCL3 of TCL0-TCL7 \(Test Coverage Levels\) over the 1 operations exercised$/m,
    );
    expect(text).toContain('For TCL4, missing: getNote query:exclude_ids');
    expect(text).toContain('statuses 2/8 (missing 400, 401, 403, 429, 500, 503)');
    expect(text).toContain('not an operation of the API: GET /nowhere/ (1)');
  });

  it('reads the query as decoded, a boolean in any spelling the API takes, and lists undocumented parameters', () => {
    const report = coverageOfJournal(
      [
        exchange('GET', '/api/um/v3/contact_identities/', 200, {
          operation: 'listContacts',
          query: { verified: '1', ordering: ['-id', 'name'], bogus: 'x' },
        }),
      ],
      DOCUMENTED,
    );
    const values = report.criteria.find((c) => c.name === 'parameter values')!;
    expect(values.missing).toContain('listContacts query:verified=false');
    expect(values.missing).not.toContain('listContacts query:verified=true');
    expect(values.missing).not.toContain('listContacts query:ordering=name');
    expect(report.perOperation[0]!.parameters.undocumented).toEqual(['query:bogus']);
  });

  it('finds the operation by method and path when an exchange does not name it (a journal from elsewhere)', () => {
    const report = coverageOfJournal(
      [exchange('GET', '/messaging/api/um/v3/notes/88/', 200, { answer: noteAnswer })],
      DOCUMENTED,
    );
    expect(report.perOperation.map((o) => o.operation)).toEqual(['getNote']);
  });

  it('with every operation in scope, a path not requested keeps the level at TCL0 and lists what is missing', () => {
    const journal = [
      exchange('GET', '/api/um/v3/notes/88/', 200, { operation: 'getNote', answer: noteAnswer }),
    ];
    const report = coverageOfJournal(journal, DOCUMENTED, { all: true });
    expect(report.scope).toBe('all');
    expect(report.level).toBe(0);
    expect(report.operations.missing).toHaveLength(DOCUMENTED.length - 1);
    expect(report.next!.missing).toContain('/api/um/v3/notes/');
    expect(() => coverageOfJournal(journal, DOCUMENTED, { operations: ['getNote', 'getNotes'] })).toThrow(
      /no operation getNotes in the API/,
    );
  });

  it('reaches TCL6 when every status, parameter, value and response property was exercised', async () => {
    const scope = ['getNote', 'updateOperator'];
    const journal = scope.flatMap((id) => completeJournal(documentedOf(id)));
    const report = await journalCoverage(journal, { operations: scope });
    expect(report.criteria.filter((c) => c.covered < c.total)).toEqual([]);
    expect(report.level).toBe(6);
    expect(report.next).toBeNull();
    expect(report.operations).toMatchObject({ exercised: 2, documented: 2, percent: 100 });
    expect(formatJournalCoverage(report)).toContain('TCL7 (operation flows) is not measured');
  });
});

describe('a planted fault: one documented status never exercised', () => {
  const scope = ['getNote', 'updateOperator'];
  const journal = scope
    .flatMap((id) => completeJournal(documentedOf(id)))
    .filter((e) => !(e.path.startsWith('/api/um/v3/notes/') && e.status === 404));

  it('is reported missing and holds the level at TCL4', async () => {
    const report = await journalCoverage(journal, { operations: scope });
    expect(report.level).toBe(4);
    expect(report.next).toEqual({ level: 5, missing: ['getNote 404'] });
    expect(report.perOperation.find((o) => o.operation === 'getNote')!.statuses.missing).toEqual([404]);
  });

  it('fails `contracts coverage --journal FILE --fail-under 5`, and passes --fail-under 4', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'journal-')), 'journal.json');
    // What GET /_sandbox/requests answers, saved: { count, results }.
    writeFileSync(file, JSON.stringify({ count: journal.length, results: journal }));
    const run = async (...args: string[]) => {
      const out: string[] = [];
      const io = { out: (t: string) => out.push(t), err: (t: string) => out.push(t), env: {} };
      const code = await main(['coverage', '--journal', file, '--operations', scope.join(','), ...args], io);
      return { code, out: out.join('') };
    };
    const failed = await run('--fail-under', '5');
    expect(failed.code).toBe(1);
    expect(failed.out).toContain('For TCL5, missing: getNote 404');
    expect(failed.out).toContain('FAILED: below --fail-under TCL5: the run reached TCL4');
    expect((await run('--fail-under', 'TCL4')).code).toBe(0);
    expect((await run('--fail-under-percent', '100')).code).toBe(0);
    const json = await run('--json', '--fail-under', '5');
    expect(json.code).toBe(1);
    expect(JSON.parse(json.out)).toMatchObject({
      journal: { source: file, truncated: null },
      level: 4,
      scope: 'named',
      failures: ['below --fail-under TCL5: the run reached TCL4'],
    });
  });
});
