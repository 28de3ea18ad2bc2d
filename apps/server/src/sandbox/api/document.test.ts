import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import openapiSchemaToJsonSchema from '@openapi-contrib/openapi-schema-to-json-schema';
import { ANALYTICS_METRIC_NAMES, RATE_LIMIT_HEADER_NAMES } from '@org/model';
import { openApiDocument } from '@org/model/openapi';
import Ajv from 'ajv-draft-04';
import { describe, expect, it } from 'vitest';
import { SANDBOX_OPENAPI_PATH, sandboxOpenApiText } from '../../../scripts/sandbox-openapi-file.js';
import { POSTGRES_SKIP_REASON, testDatabaseUrl } from '../../store/engine/temporary-database.js';
import { type SandboxUnderTest, useSandbox } from '../../test-support/sandbox.js';
import { buildSandboxDocument } from './document.js';
import { sandboxEndpointList } from './endpoints.js';
import { SANDBOX_PREFIX } from './prefix.js';
import { dataPointInputSchemaFor, SANDBOX_RECORD_INPUTS } from './record-inputs.js';

type Obj = Record<string, any>;
const document = buildSandboxDocument() as Obj;

/** A schema with every `#/components/schemas/` reference replaced by the component (none is recursive). */
const inlined = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(inlined);
  if (!node || typeof node !== 'object') return node;
  const ref = (node as Obj).$ref as string | undefined;
  if (ref?.startsWith('#/components/schemas/'))
    return inlined(document.components.schemas[ref.split('/').at(-1)!]);
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inlined(value)]));
};

/**
 * Answers checked by tools that are not ours: @openapi-contrib's OpenAPI 3.0 → JSON Schema
 * conversion and Ajv (draft 04, the dialect it targets), as the model's document is checked.
 */
const ajv = new Ajv({ strict: false, allErrors: true, logger: false });
/** Compiled once per schema: the same documented answers are checked again and again. */
const validators = new WeakMap<Obj, ReturnType<typeof ajv.compile>>();
const validatorOf = (schema: Obj) => {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(openapiSchemaToJsonSchema(inlined(schema) as never) as Obj);
    validators.set(schema, validate);
  }
  return validate;
};
const responseOf = (operation: Obj, status: number): Obj | undefined => {
  const response = operation.responses[status];
  const ref = response?.$ref as string | undefined;
  return ref ? document.components.responses[ref.split('/').at(-1)!] : response;
};

/** Checks an answer against the operation's documented answer for its status, headers included. */
const expectDocumented = async (method: string, path: string, response: Response) => {
  const operation = document.paths[path][method];
  const documented = responseOf(operation, response.status);
  expect(
    documented,
    `${method.toUpperCase()} ${path} answered an undocumented ${response.status}`,
  ).toBeDefined();
  // The control API adds to no counter: its answers carry rate-limit headers where listed, i.e. never.
  expect(response.headers.has(RATE_LIMIT_HEADER_NAMES.limit)).toBe(
    Object.keys(documented!.headers ?? {}).includes(RATE_LIMIT_HEADER_NAMES.limit),
  );
  const schema = documented!.content?.['application/json']?.schema;
  const text = await response.text();
  if (!schema) return expect(text, `${method} ${path}`).toBe('');
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const validate = validatorOf(schema);
  const body = JSON.parse(text);
  expect(validate(body) ? [] : validate.errors, `${method.toUpperCase()} ${path} ${response.status}`).toEqual(
    [],
  );
};

/** The values a path parameter of the document takes, where it is a closed set. */
const enumOf = (path: string, method: string, name: string): string[] | undefined =>
  document.paths[path][method].parameters?.find((p: Obj) => p.in === 'path' && p.name === name)?.schema.enum;

/** A request each operation of the document can answer with success, from the seeded world. */
const validRequest = async (
  t: SandboxUnderTest,
  path: string,
  url: string,
): Promise<{ url: string; body?: unknown }> => {
  const first = async (list: string) =>
    (await (await t.call(`/api/um/v3/${list}?limit=1&ordering=id`)).json()).results[0].id;
  // Only the record the path writes, and only the ids it refers to: asked of the server per request.
  const records: Record<string, () => Promise<Obj>> = {
    contact_identities: async () => ({ name: 'Documented' }),
    conversations: async () => ({ contact_identity_id: await first('contact_identities/') }),
    messages: async () => ({ conversation_id: await first('conversations/') }),
    notes: async () => ({ contact_identity_id: await first('contact_identities/'), body: 'Documented' }),
    navigation_events: async () => ({
      contact_identity_id: await first('contact_identities/'),
      url: 'https://example.org/',
    }),
    operators: async () => ({ name: 'Documented' }),
  };
  const named = url.split('/records/')[1];
  if (named?.startsWith('analytics/')) {
    const fields = dataPointInputSchemaFor(named.slice('analytics/'.length) as never).shape;
    const ids = { conversation_id: 1, conversation_part_id: 1, conversation_session_id: 1 };
    return { url, body: Object.fromEntries(Object.entries(ids).filter(([k]) => k in fields)) };
  }
  if (named) return { url, body: await records[named]?.() };
  if (path.endsWith('/worlds/{id}')) {
    const world = await (await t.call(`${SANDBOX_PREFIX}/worlds`, { method: 'POST', body: '{}' })).json();
    return { url: path.replace('{id}', world.id) };
  }
  const bodies: Obj = {
    [`${SANDBOX_PREFIX}/worlds`]: { organizations: 1 },
    [`${SANDBOX_PREFIX}/clock`]: { advance: 'PT1H' },
    [`${SANDBOX_PREFIX}/provider-states`]: { state: 'a conversation exists', params: { id: 1042 } },
  };
  return { url, body: bodies[path] };
};

/** Every operation of the document, once for each value of a path parameter that is a closed set. */
const operations = Object.entries(document.paths as Obj).flatMap(([path, item]) =>
  Object.keys(item).flatMap((method) => {
    const [, closed] = path.match(/\{(resource|metric)\}/) ?? [];
    const urls = closed ? enumOf(path, method, closed)!.map((v) => path.replace(`{${closed}}`, v)) : [path];
    return urls.map((url) => [`${method.toUpperCase()} ${url}`, method, path, url] as const);
  }),
);

describe('the sandbox OpenAPI document', () => {
  it('is docs/sandbox-openapi.json, and no path of it is in the published API document', () => {
    expect(
      readFileSync(SANDBOX_OPENAPI_PATH, 'utf8'),
      'docs/sandbox-openapi.json is stale: run pnpm generate',
    ).toBe(sandboxOpenApiText(document));
    const published = Object.keys(openApiDocument().paths);
    expect(published.filter((path) => path.startsWith(SANDBOX_PREFIX))).toEqual([]);
    expect(Object.keys(document.paths).filter((path) => published.includes(path))).toEqual([]);
  });

  it('documents every record table and every analytics metric, each path parameter from its path', () => {
    const records = `${SANDBOX_PREFIX}/records/{resource}`;
    const points = `${SANDBOX_PREFIX}/records/analytics/{metric}`;
    expect(enumOf(records, 'post', 'resource')).toEqual(Object.keys(SANDBOX_RECORD_INPUTS));
    expect(enumOf(points, 'post', 'metric')).toEqual([...ANALYTICS_METRIC_NAMES]);
    const recordBodies = document.paths[records].post.requestBody.content['application/json'].schema.anyOf;
    expect(recordBodies).toHaveLength(Object.keys(SANDBOX_RECORD_INPUTS).length);
    for (const [id, ep] of sandboxEndpointList()) {
      const named = [...ep.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);
      expect(Object.keys((ep.params as { shape?: Obj } | undefined)?.shape ?? {}), id).toEqual(named);
    }
  });

  it('passes redocly lint with the recommended rules, as the API document does', () => {
    // The model's lint configuration and its redocly: the same rules as docs/openapi.json.
    const model = dirname(createRequire(import.meta.url).resolve('@org/model/package.json'));
    const lint = spawnSync(
      'npx',
      ['redocly', 'lint', SANDBOX_OPENAPI_PATH, '--config', 'redocly.yaml', '--format', 'summary'],
      {
        cwd: model,
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
    // Redocly writes its verdict to stderr: no error and no warning.
    const verdict = `${lint.stdout}${lint.stderr}`;
    expect(lint.status, verdict).toBe(0);
    expect(verdict).toMatch(/Your API description is valid/);
    expect(verdict).not.toMatch(/You have \d+ warnings?/);
  });
});

const suite = (engine: 'pglite' | 'postgres') => () => {
  const t = useSandbox(engine, { rateLimits: 'off' });

  it('serves the document at /_sandbox/openapi.json', async () => {
    expect(await (await t.call(`${SANDBOX_PREFIX}/openapi.json`)).json()).toEqual(document);
  });

  it.each(operations)(
    '%s answers as documented: success and a bad request',
    async (_name, method, path, named) => {
      const { url, body } = await validRequest(t, path, named);
      const send = (payload?: string, target = url) =>
        t.call(target, { method: method.toUpperCase(), ...(payload === undefined ? {} : { body: payload }) });
      const takesBody = Boolean(document.paths[path][method].requestBody);
      const ok = await send(takesBody ? JSON.stringify(body) : undefined);
      expect(ok.status, `${method} ${url}`).toBeLessThan(300);
      await expectDocumented(method, path, ok);
      if (takesBody) {
        const bad = await send(JSON.stringify({ not_a_field: true }));
        expect(bad.status).toBe(400);
        await expectDocumented(method, path, bad);
        const notJson = await send('{');
        expect(notJson.status).toBe(400);
        await expectDocumented(method, path, notJson);
      }
      if (path.includes('{')) {
        const missing = await send(undefined, path.replace(/\{\w+\}/, '999999'));
        expect(missing.status).toBe(404);
        await expectDocumented(method, path, missing);
      }
    },
  );

  it('a record made with a token the sandbox does not know, or an operator it does not have, answers as documented', async () => {
    const path = `${SANDBOX_PREFIX}/records/{resource}`;
    const url = path.replace('{resource}', 'operators');
    const body = JSON.stringify({ name: 'Documented' });
    const unknown = await t.call(url, { method: 'POST', body, headers: { authorization: 'not-a-token' } });
    expect(unknown.status).toBe(401);
    await expectDocumented('post', path, unknown);
    const noOperator = await t.call(url, {
      method: 'POST',
      body,
      headers: { 'service-operator-id': '999999' },
    });
    expect(noOperator.status).toBe(403);
    await expectDocumented('post', path, noOperator);
  });
};

describe('sandbox document answers [PGlite]', suite('pglite'));
describe.skipIf(!testDatabaseUrl)(
  `sandbox document answers [PostgreSQL]${testDatabaseUrl ? '' : ` (${POSTGRES_SKIP_REASON})`}`,
  suite('postgres'),
);
