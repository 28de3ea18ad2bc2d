import {
  ERROR_CODES,
  type ErrorStatus,
  errorBodySchemaFor,
  errorCodesFor,
  PROVIDER_STATE_CATALOGUE,
} from '@org/model';
import { jsonSchemaOf, MODEL_VERSION } from '@org/model/openapi';
import { sandboxOperations } from './sandbox-api.js';

/*
 * The sandbox control API's own OpenAPI document, apart from the operations table so that the
 * generator (@org/model/openapi) loads on the first request of the document, not at every start.
 */

/** GET /_sandbox/provider-states: the catalogue with its parameters as JSON schemas. */
export function stateCatalogue() {
  return Object.values(PROVIDER_STATE_CATALOGUE).map((state) => ({
    name: state.name,
    description: state.description,
    params: jsonSchemaOf(state.params),
    returns: [...state.returns],
  }));
}

const STATUS_TEXT: Record<number, string> = { 200: 'OK', 201: 'Created', 204: 'No content' };

/** The sandbox's own OpenAPI 3.0 document, generated from the operations above (version: the model's). */
export function buildSandboxDocument(version: string = MODEL_VERSION) {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorStatuses = new Set<ErrorStatus>([404]);
  for (const op of sandboxOperations()) {
    for (const status of op.errors) errorStatuses.add(status);
    const parameters = [
      ...[...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
        name,
        in: 'path',
        required: true,
        schema: { type: 'integer', minimum: 1 },
      })),
      ...Object.entries(op.query?.shape ?? {}).map(([name, field]) => {
        const { description, ...schema } = jsonSchemaOf(field as never) as Record<string, unknown>;
        return { name, in: 'query', required: false, description, schema };
      }),
      ...(op.authorization
        ? [
            {
              name: 'Authorization',
              in: 'header',
              required: false,
              description: 'A token of the world: the record is created in its organization.',
              schema: { type: 'string' },
            },
          ]
        : []),
    ];
    (paths[op.path] ??= {})[op.method.toLowerCase()] = {
      operationId: `${op.method.toLowerCase()}${op.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
      summary: op.summary,
      description: op.description,
      tags: [op.path.includes('/records/') ? 'Records' : 'Control'],
      ...(parameters.length ? { parameters } : {}),
      ...(op.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchemaOf(op.body) } },
            },
          }
        : {}),
      responses: {
        [op.success.status]: {
          description: STATUS_TEXT[op.success.status],
          ...(op.success.schema
            ? { content: { 'application/json': { schema: jsonSchemaOf(op.success.schema) } } }
            : {}),
        },
        ...Object.fromEntries(
          [...op.errors, 404].map((status) => [status, { $ref: `#/components/responses/Error${status}` }]),
        ),
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Reference server sandbox control API',
      version,
      description: [
        'The control API of the reference server started with `--sandbox` (decisions D23, D40, D41, D42):',
        'reset, worlds, rate-limit counters, the request journal, the clock and records. It is not part',
        'of the published API: without `--sandbox` every path here answers 404.',
        '',
        'Errors carry the API’s error body (D1). Control requests add to no rate-limit counter, so',
        'their answers carry no rate-limit headers (D2: answers without a counter carry none).',
      ].join('\n'),
    },
    servers: [{ url: 'http://localhost:3000', description: 'Reference server (pnpm start --sandbox)' }],
    tags: [
      { name: 'Control', description: 'Reset, worlds, counters, journal and clock.' },
      { name: 'Records', description: 'Create any record of the world.' },
    ],
    paths,
    components: {
      responses: Object.fromEntries(
        [...errorStatuses].sort().map((status) => [
          `Error${status}`,
          {
            description: errorCodesFor(status)
              .map((code) => `\`${code}\` ${ERROR_CODES[code].description}`)
              .join(' '),
            content: { 'application/json': { schema: jsonSchemaOf(errorBodySchemaFor(status)) } },
          },
        ]),
      ),
    },
  };
}
