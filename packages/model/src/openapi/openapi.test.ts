import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  OPENAPI_31_JSON_PATH,
  OPENAPI_JSON_PATH,
  OPENAPI_YAML_PATH,
  serializeJson,
  serializeYaml,
} from '../../scripts/openapi-files.js';
import { endpointList } from '../endpoints/index.js';
import { SERVER_ERROR_STATUSES } from '../errors.js';
import { LIMITS } from '../limits.js';
import { ANALYTICS_METRIC_NAMES } from '../records/analytics-metrics.js';
import { generateOpenApiDocument, openApiDocument } from './index.js';

type Obj = Record<string, any>;
const doc = generateOpenApiDocument() as unknown as Obj;

/** A row of a described record: field, type and notes as the description writes them. */
interface DescribedField {
  readonly field: string;
  readonly type: string;
  readonly notes: string;
}
/**
 * What the two API descriptions say that this test checks (endpoints, metrics, fields and types),
 * kept as the project's own record: test-fixtures/README.md says where it came from.
 */
const described = JSON.parse(
  readFileSync(new URL('../../test-fixtures/api-descriptions.json', import.meta.url), 'utf8'),
) as {
  jsonApiV3: {
    endpoints: Array<{ method: string; path: string }>;
    records: Record<string, DescribedField[]>;
  };
  analyticsV1: {
    queryParameters: Array<{ name: string }>;
    dataPoint: DescribedField[];
    metrics: string[];
    alternativeSpellings: Record<string, string>;
  };
};

/** Resolves a schema through $ref / allOf to its object form, and reports nullability of the use. */
const resolve = (schema: Obj): { schema: Obj; nullable: boolean } => {
  if (schema.$ref)
    return { schema: resolve(doc.components.schemas[schema.$ref.split('/').pop()]).schema, nullable: false };
  if (schema.allOf) return { schema: resolve(schema.allOf[0]).schema, nullable: schema.nullable === true };
  // A nullable use of a component: anyOf the $ref and a schema admitting only null.
  if (schema.anyOf)
    return {
      schema: resolve(schema.anyOf[0]).schema,
      nullable: schema.anyOf.some((s: Obj) => s.nullable === true),
    };
  return { schema, nullable: schema.nullable === true };
};

const jsonTypeOf = (described: string): string | undefined =>
  ({
    integer: 'integer',
    boolean: 'boolean',
    string: 'string',
    timestamp: 'string',
    number: 'number',
    object: 'object',
    'message object': 'object',
  })[described] ?? (described.startsWith('array') ? 'array' : undefined);

describe('docs/openapi.json', () => {
  it('is the committed output of the model (run `pnpm generate` after a model change)', () => {
    expect(readFileSync(OPENAPI_JSON_PATH, 'utf8'), 'docs/openapi.json is stale: run pnpm generate').toBe(
      serializeJson(doc),
    );
    // What the package ships (openApiDocument) is that file.
    expect(openApiDocument()).toEqual(JSON.parse(readFileSync(OPENAPI_JSON_PATH, 'utf8')));
  });

  it('docs/openapi-3.1.json is the committed OpenAPI 3.1 form of the same model', () => {
    const doc31 = generateOpenApiDocument('3.1') as unknown as Obj;
    expect(
      readFileSync(OPENAPI_31_JSON_PATH, 'utf8'),
      'docs/openapi-3.1.json is stale: run pnpm generate',
    ).toBe(serializeJson(doc31));
    expect(doc31.openapi).toBe('3.1.0');
    expect(Object.keys(doc31.components.schemas)).toEqual(Object.keys(doc.components.schemas));
    expect(JSON.stringify(doc31)).not.toContain('"nullable"');
  });

  it('docs/openapi.yaml is the committed YAML form of the same document', () => {
    expect(readFileSync(OPENAPI_YAML_PATH, 'utf8'), 'docs/openapi.yaml is stale: run pnpm generate').toBe(
      serializeYaml(doc),
    );
  });

  it('documents 500 and 503 with their error bodies on every counted operation, from one status list', () => {
    for (const [id, ep] of endpointList()) {
      const responses = doc.paths[ep.path][ep.method.toLowerCase()].responses as Obj;
      for (const status of SERVER_ERROR_STATUSES)
        expect(responses[status], `${id} ${status}`).toEqual(
          ep.group === null ? undefined : { $ref: `#/components/responses/Error${status}` },
        );
    }
    const codesOf = (status: number) =>
      doc.components.responses[`Error${status}`].content['application/json'].schema.properties.code.enum;
    expect(codesOf(500)).toEqual(['error']);
    expect(codesOf(503)).toEqual(['unavailable']);
    expect(Object.keys(doc.components.responses.Error503.headers)).toContain('Retry-After');
  });

  it('documents the rate-limit headers exactly on the answers that are counted', () => {
    const headersOf = (path: string, method: string, status: number) => {
      const ref = doc.paths[path][method].responses[status].$ref as string;
      return Object.keys(doc.components.responses[ref.split('/').pop()!].headers ?? {});
    };
    expect(headersOf('/api/um/v3/conversations/{id}/', 'get', 400)).toContain('X-RateLimit-Limit');
    expect(headersOf('/api/um/v3/conversations/{id}/', 'get', 404)).toContain('X-RateLimit-Limit');
    expect(headersOf('/api/um/v3/conversations/{id}/', 'get', 401)).toEqual([]);
    // An unknown metric is answered before counting; so is everything on a retired path.
    expect(headersOf('/api/um/analytics/{metric}/', 'get', 404)).toEqual([]);
    expect(headersOf('/api/um/analytics/{metric}/', 'get', 400)).toContain('X-RateLimit-Limit');
    const retired = doc.paths['/api/um/v2/{resource}/'].get.responses as Obj;
    expect(Object.keys(retired).sort()).toEqual(['400', '410', '431']);
    for (const status of [400, 410, 431])
      expect(headersOf('/api/um/v2/{resource}/', 'get', status)).toEqual([]);
  });

  it('lists every v3 operation of the table and every analytics metric, versioned and unversioned', () => {
    const ops = Object.entries(doc.paths as Obj).flatMap(([path, item]) =>
      Object.keys(item as Obj).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const v3 = endpointList().filter(([, ep]) => ep.path.startsWith('/api/um/v3/'));
    expect(ops.filter((o) => o.includes('/api/um/v3/'))).toHaveLength(v3.length);
    for (const metric of ANALYTICS_METRIC_NAMES) expect(ops).toContain(`GET /api/um/v1/analytics/${metric}/`);
    expect(ops).toContain('GET /api/um/analytics/{metric}/');
    expect(ops).toContain('GET /api/um/v2/{resource}/');
    const { metrics, alternativeSpellings } = described.analyticsV1;
    expect(metrics.length).toBeGreaterThan(40);
    for (const metric of [...metrics, ...Object.values(alternativeSpellings)])
      expect(ops, metric).toContain(`GET /api/um/v1/analytics/${metric}/`);
  });

  it('has every v3 endpoint the description lists (path parameters by position)', () => {
    // The description names every path parameter {id}; the document names them per resource.
    const shape = (path: string) => path.split('?')[0]!.replace(/\{[^}]+\}/g, '{}');
    const documented = Object.entries(doc.paths as Obj)
      .filter(([path]) => path.startsWith('/api/um/v3/'))
      .flatMap(([path, item]) => Object.keys(item as Obj).map((m) => `${m.toUpperCase()} ${shape(path)}`));
    const listed = described.jsonApiV3.endpoints.map((e) => `${e.method} ${shape(e.path)}`);
    expect(listed.length).toBeGreaterThan(0);
    // Every endpoint of the description is documented; the model may add endpoints of its own.
    expect(documented).toEqual(expect.arrayContaining(listed));
  });

  it('takes every query parameter the analytics description lists on every metric', () => {
    const names = described.analyticsV1.queryParameters.map((p) => p.name);
    expect(names).toContain('event_date_from');
    for (const [path, item] of Object.entries(doc.paths as Obj)) {
      if (!path.includes('/analytics/')) continue;
      const taken = (item as Obj).get.parameters.map((p: Obj) =>
        p.$ref ? doc.components.parameters[p.$ref.split('/').pop()].name : p.name,
      );
      for (const name of names) expect(taken, `${path} ${name}`).toContain(name);
    }
  });

  it('every operation has an id, summary, tag, parameters described and documented error responses', () => {
    for (const [path, item] of Object.entries(doc.paths as Obj))
      for (const [method, op] of Object.entries(item as Obj)) {
        expect(op.operationId, `${method} ${path}`).toBeTruthy();
        expect(op.summary).toBeTruthy();
        for (const p of op.parameters)
          if (!p.$ref) expect(p.description, `${op.operationId} ${p.name}`).toBeTruthy();
        if (path.includes('/v2/')) continue;
        for (const status of ['400', '401', '403', '429'])
          expect(op.responses[status], `${op.operationId} ${status}`).toBeDefined();
        expect(Object.keys(op.responses[Object.keys(op.responses)[0]!].headers ?? {})).toContain(
          'X-RateLimit-Remaining',
        );
      }
    expect(doc.components.responses.Error429.headers).toHaveProperty('Retry-After');
    expect(doc.components.securitySchemes.ApiToken).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'Authorization',
    });
  });

  const { records } = described.jsonApiV3;
  const tables: Array<[string, DescribedField[] | undefined, string]> = [
    ['Conversation', records.Conversation, 'ConversationDetail'],
    ['Topic', records.Topic, 'Topic'],
    ['Conversation part', records['Conversation part'], 'ConversationPart'],
    ['Message', records.Message, 'Message'],
    ['Contact (contact identity)', records['Contact (contact identity)'], 'ContactIdentity'],
    ['Analytics data point', described.analyticsV1.dataPoint, 'AnalyticsDataPoint'],
  ];
  it.each(tables)(
    'the described %s: every field with its described type and nullability',
    (_record, rows, component) => {
      const schema = resolve(doc.components.schemas[component]).schema;
      expect(rows?.length).toBeGreaterThan(4);
      for (const { field, type, notes } of rows ?? []) {
        const prop = schema.properties[field];
        expect(prop, `${component}.${field}`).toBeDefined();
        const { schema: target, nullable } = resolve(prop);
        const isNullable = type === 'nullable' || notes.split(';').some((part) => part.trim() === 'nullable');
        if (type === 'nullable') continue; // shape not described: free-form JSON, null included
        expect(nullable || target.nullable === true, `${component}.${field} nullable`).toBe(isNullable);
        const expected = jsonTypeOf(type);
        if (expected) expect(target.type, `${component}.${field} type`).toBe(expected);
        if (type === 'timestamp' && component !== 'AnalyticsDataPoint')
          expect(prop.$ref ?? prop.allOf?.[0]?.$ref).toBe('#/components/schemas/Timestamp');
      }
    },
  );

  it('every page limit documents the clamp from LIMITS, never a maximum (larger values are replaced)', () => {
    const limits = Object.values(doc.paths as Obj)
      .flatMap((item: Obj) => Object.values(item))
      .flatMap((op: Obj) => (op.parameters ?? []).filter((p: Obj) => p.name === 'limit' && p.in === 'query'));
    expect(limits.length).toBeGreaterThanOrEqual(8);
    for (const p of limits) {
      // The v3 pages clamp at 100 (D6, D16), the analytics pages at their page size (D14).
      const clamp = p['x-um-decision'] === 'D14' ? LIMITS.analyticsPageSize : LIMITS.offsetPage.maxLimit;
      const shown = clamp.toLocaleString('en-US');
      expect(p.schema['x-um-clamp-to']).toBe(clamp);
      expect(p.schema.maximum).toBeUndefined();
      expect(p.description).toMatch(
        new RegExp(`larger than ${shown} is replaced by ${shown}|at most ${shown}`),
      );
    }
    expect(limits.filter((p: Obj) => p['x-um-decision'] === 'D14').length).toBeGreaterThan(40);
  });

  it('marks decisions with x-um-decision', () => {
    const text = JSON.stringify(doc);
    for (const id of ['D1', 'D2', 'D4', 'D5', 'D6', 'D7', 'D8', 'D10', 'D11', 'D13', 'D14', 'D15'])
      expect(text).toMatch(new RegExp(`"x-um-decision":"[^"]*\\b${id}\\b`));
  });

  it('every example validates against the schema it illustrates', () => {
    for (const [id, ep] of endpointList()) {
      for (const [status, schema] of Object.entries(ep.success))
        if (schema && ep.example.response !== undefined) {
          const r = schema.safeParse(ep.example.response);
          expect(r.success, `${id} ${status}: ${r.error?.message}`).toBe(true);
        }
      if (ep.body && ep.example.body !== undefined)
        expect(ep.body.safeParse(ep.example.body).success, id).toBe(true);
      if (ep.query && ep.example.query) expect(ep.query.safeParse(ep.example.query).success, id).toBe(true);
      if (ep.params && ep.example.params) {
        const params = Object.fromEntries(Object.entries(ep.example.params).map(([k, v]) => [k, String(v)]));
        expect(ep.params.safeParse(params).success, id).toBe(true);
      }
    }
  });

  it.each([
    ['3.0', OPENAPI_JSON_PATH],
    ['3.1', OPENAPI_31_JSON_PATH],
  ])('OpenAPI %s passes redocly lint with the recommended rules', (_version, path) => {
    const cwd = fileURLToPath(new URL('../..', import.meta.url));
    const lint = spawnSync(
      'npx',
      ['redocly', 'lint', path, '--config', 'redocly.yaml', '--format', 'summary'],
      {
        cwd,
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
    // Redocly writes its verdict to stderr (stdout stays empty): read both, and its exit status.
    const verdict = `${lint.stdout}${lint.stderr}`;
    expect(lint.status, verdict).toBe(0);
    expect(verdict).toMatch(/Your API description is valid/);
    expect(verdict).not.toMatch(/\berror\b.*[1-9]/i);
  });
});
