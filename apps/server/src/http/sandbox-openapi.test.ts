import { readFileSync } from 'node:fs';
import openapiSchemaToJsonSchema from '@openapi-contrib/openapi-schema-to-json-schema';
import { ANALYTICS_METRIC_NAMES } from '@org/model';
import { openApiDocument } from '@org/model/openapi';
import Ajv from 'ajv-draft-04';
import { describe, expect, it } from 'vitest';
import { SANDBOX_OPENAPI_PATH, sandboxOpenApiText } from '../../scripts/sandbox-openapi-file.js';
import { POSTGRES_SKIP_REASON, testDatabaseUrl } from '../store/engine/temporary-database.js';
import { type SandboxUnderTest, useSandbox } from '../test-support/sandbox.js';
import { SANDBOX_PREFIX } from './sandbox-api.js';
import { buildSandboxDocument } from './sandbox-document.js';

type Obj = Record<string, any>;
const document = buildSandboxDocument() as Obj;

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
    validate = ajv.compile(openapiSchemaToJsonSchema(schema as never) as Obj);
    validators.set(schema, validate);
  }
  return validate;
};
const responseOf = (operation: Obj, status: number): Obj | undefined => {
  const response = operation.responses[status];
  const ref = response?.$ref as string | undefined;
  return ref ? document.components.responses[ref.split('/').at(-1)!] : response;
};

/** Checks an answer against the operation's documented answer for its status. */
const expectDocumented = async (method: string, path: string, response: Response) => {
  const operation = document.paths[path][method];
  const documented = responseOf(operation, response.status);
  expect(
    documented,
    `${method.toUpperCase()} ${path} answered an undocumented ${response.status}`,
  ).toBeDefined();
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

/** A request each operation of the document can answer with success, from the seeded world. */
const validRequest = async (t: SandboxUnderTest, path: string): Promise<{ url: string; body?: unknown }> => {
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
  const resource = path.split('/records/')[1];
  if (resource?.startsWith('analytics/')) {
    const properties = document.paths[path].post.requestBody.content['application/json'].schema.properties;
    const ids = { conversation_id: 1, conversation_part_id: 1, conversation_session_id: 1 };
    return { url: path, body: Object.fromEntries(Object.entries(ids).filter(([k]) => k in properties)) };
  }
  if (resource) return { url: path, body: await records[resource]?.() };
  if (path.endsWith('/worlds/{id}')) {
    const world = await (await t.call(`${SANDBOX_PREFIX}/worlds`, { method: 'POST', body: '{}' })).json();
    return { url: path.replace('{id}', world.id) };
  }
  const bodies: Obj = {
    [`${SANDBOX_PREFIX}/worlds`]: { organizations: 1 },
    [`${SANDBOX_PREFIX}/clock`]: { advance: 'PT1H' },
    [`${SANDBOX_PREFIX}/provider-states`]: { state: 'a conversation exists', params: { id: 1042 } },
  };
  return { url: path, body: bodies[path] };
};

const operations = Object.entries(document.paths as Obj).flatMap(([path, item]) =>
  Object.keys(item).map((method) => [`${method.toUpperCase()} ${path}`, method, path] as const),
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

  it('documents every record table and every analytics metric', () => {
    const records = Object.keys(document.paths).filter((path) => path.includes('/records/'));
    expect(records.filter((path) => path.includes('/analytics/'))).toHaveLength(
      ANALYTICS_METRIC_NAMES.length,
    );
    expect(records.length).toBe(ANALYTICS_METRIC_NAMES.length + 6);
  });
});

const suite = (engine: 'pglite' | 'postgres') => () => {
  const t = useSandbox(engine, { rateLimits: 'off' });

  it('serves the document at /_sandbox/openapi.json', async () => {
    expect(await (await t.call(`${SANDBOX_PREFIX}/openapi.json`)).json()).toEqual(document);
  });

  it.each(operations)('%s answers as documented: success and a bad request', async (_name, method, path) => {
    const { url, body } = await validRequest(t, path);
    const send = (payload?: string) =>
      t.call(url, { method: method.toUpperCase(), ...(payload === undefined ? {} : { body: payload }) });
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
    if (path.includes('{id}')) {
      const missing = await t.call(path.replace('{id}', '999999'), { method: method.toUpperCase() });
      expect(missing.status).toBe(404);
      await expectDocumented(method, path, missing);
    }
  });
};

describe('sandbox document answers [PGlite]', suite('pglite'));
describe.skipIf(!testDatabaseUrl)(
  `sandbox document answers [PostgreSQL]${testDatabaseUrl ? '' : ` (${POSTGRES_SKIP_REASON})`}`,
  suite('postgres'),
);
