import { resolveRef } from '../breaking/refs.js';
import { isObject, type Json } from '../breaking/types.js';
import type { DecisionFile } from '../decisions/read-decisions.js';
import { consoleLink } from './links.js';
import { cellText, paragraphText } from './markdown-text.js';
import { integerQueryOf, type ReferenceOperation } from './reference-model.js';
import { samplesOf } from './samples.js';
import { typeOf } from './schema-type.js';

const parametersTable = (doc: Json, operation: Json): string[] => {
  const parameters = ((operation.parameters ?? []) as unknown[])
    .map((p) => resolveRef(doc, p))
    .filter(isObject);
  if (parameters.length === 0) return [];
  return [
    '## Parameters',
    '',
    '| Name | In | Type | Required | Description |',
    '| --- | --- | --- | --- | --- |',
    ...parameters.map(
      (p) =>
        `| \`${String(p.name)}\` | ${String(p.in)} | ${typeOf(p.schema)} | ${p.required === true ? 'yes' : 'no'} | ${cellText(String(p.description ?? ''))} |`,
    ),
    '',
  ];
};

const jsonSchemaOf = (content: unknown): unknown =>
  isObject(content) && isObject(content['application/json']) ? content['application/json'].schema : undefined;

const requestBodySection = (doc: Json, operation: Json): string[] => {
  const body = resolveRef(doc, operation.requestBody);
  if (!isObject(body)) return [];
  const schema = jsonSchemaOf(body.content);
  return ['## Request body', '', `\`application/json\`: ${typeOf(schema)}`, ''];
};

const responsesTable = (doc: Json, operation: Json): string[] => {
  const responses = Object.entries((operation.responses ?? {}) as Json).map(
    ([status, response]) => [status, resolveRef(doc, response)] as const,
  );
  return [
    '## Responses',
    '',
    '| Status | Description | Body |',
    '| --- | --- | --- |',
    ...responses.map(([status, response]) => {
      const r = isObject(response) ? response : {};
      const schema = jsonSchemaOf(r.content);
      return `| ${status} | ${cellText(String(r.description ?? ''))} | ${schema === undefined ? '' : typeOf(schema)} |`;
    }),
    '',
  ];
};

const samplesSection = (doc: Json, op: ReferenceOperation): string[] => {
  const samples = samplesOf(op.id, op.endpoint, integerQueryOf(doc, op.operation));
  return [
    '## Code samples',
    '',
    'Each sample reads the server address and the token from `API` and `TOKEN` ([Getting started](../../guides/getting-started.md)).',
    '',
    '::: code-group',
    '',
    '```sh [curl]',
    samples.curl,
    '```',
    '',
    '```js [fetch]',
    samples.fetch,
    '```',
    '',
    '```ts [@org/client]',
    samples.client,
    '```',
    '',
    ':::',
    '',
  ];
};

const decisionsSection = (op: ReferenceOperation, decisions: readonly DecisionFile[]): string[] => {
  const cited = op.endpoint.decisions
    .map((id) => decisions.find((d) => d.id === id))
    .filter((d): d is DecisionFile => d !== undefined);
  if (cited.length === 0) return [];
  return [
    '## Decisions',
    '',
    ...cited.map((d) => `- [${d.id}. ${cellText(d.title)}](../../decisions/${d.path})`),
    '',
  ];
};

/** The page of one operation: what it does, its parameters, body, answers and code samples. */
export const operationPage = (
  doc: Json,
  op: ReferenceOperation,
  decisions: readonly DecisionFile[],
): string => {
  const summary = String(op.operation.summary ?? op.id);
  const description = String(op.operation.description ?? '');
  return [
    `# ${cellText(summary)}`,
    '',
    `<span class="op-method op-${op.method.toLowerCase()}">${op.method}</span> \`${op.path}\` · operation \`${op.id}\` · ${op.tag}${op.operation.deprecated === true ? ' · **deprecated**' : ''}`,
    '',
    paragraphText(description),
    '',
    `[Try it in the console](${consoleLink(op.tag, op.method, op.path)})`,
    '',
    ...parametersTable(doc, op.operation),
    ...requestBodySection(doc, op.operation),
    ...responsesTable(doc, op.operation),
    ...samplesSection(doc, op),
    ...decisionsSection(op, decisions),
  ].join('\n');
};
