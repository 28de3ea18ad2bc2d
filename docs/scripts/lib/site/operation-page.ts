import { resolveRef } from '../breaking/refs.js';
import { isObject, type Json } from '../breaking/types.js';
import type { DecisionFile } from '../decisions/read-decisions.js';
import { consoleLink, operationPath, siteHref } from './links.js';
import { cellText, htmlText, inlineHtml, paragraphText } from './markdown-text.js';
import { integerQueryOf, type ReferenceOperation, referenceOperations } from './reference-model.js';
import { samplesOf } from './samples.js';
import { typeOf } from './schema-type.js';
import { stackedTable } from './stacked-table.js';

/** About what the Type column shows on one line at 1400 px. */
const TYPE_CHARS = 30;
/** The length of inline Markdown as read: link targets, backticks and escapes left out. */
function visibleLength(markdown: string): number {
  return markdown.replace(/\]\([^)]*\)/g, '').replace(/[`[\\]/g, '').length;
}

/**
 * A name, breakable after `_` and `-` and before a capital (`listAll|Conversations`), so that a long
 * one wraps within its column.
 */
function nameHtml(name: string): string {
  return `<code>${htmlText(name)
    .replace(/([_-])/g, '$1<wbr>')
    .replace(/([a-z])(?=[A-Z])/g, '$1<wbr>')}</code>`;
}

/** A runtime expression, breakable after each `/` of its JSON pointer. */
function expressionHtml(expression: string): string {
  return `<code>${htmlText(expression).replace(/\//g, '/<wbr>')}</code>`;
}

/** The parameters table's columns: a name or a type of about 30 characters fits on one line. */
const PARAMETER_COLUMNS = [
  { title: 'Name', width: '38%' },
  { title: 'In', width: '13%' },
  { title: 'Type', width: '34%' },
  { title: 'Required', width: '15%' },
] as const;

/**
 * The parameters: name, place, type and whether required on one row, the description (and a long
 * list of values) on the row below (stacked-table.ts).
 */
function parametersTable(doc: Json, operation: Json): string[] {
  const parameters = ((operation.parameters ?? []) as unknown[])
    .map((p) => resolveRef(doc, p))
    .filter(isObject);
  if (parameters.length === 0) return [];
  return [
    '## Parameters',
    '',
    ...stackedTable(
      'params',
      PARAMETER_COLUMNS,
      parameters.map(function parameterRow(p) {
        const type = typeOf(p.schema);
        // A long list of values reads better across the row below than broken in the Type column.
        const listed = isObject(p.schema) && Array.isArray(p.schema.enum) && visibleLength(type) > TYPE_CHARS;
        const below = [p.description ? inlineHtml(String(p.description)) : '', listed ? inlineHtml(type) : '']
          .filter(Boolean)
          .join('<br>');
        return {
          cells: [
            nameHtml(String(p.name)),
            htmlText(String(p.in)),
            listed ? 'enum' : inlineHtml(type),
            p.required === true ? 'yes' : 'no',
          ],
          below,
        };
      }),
    ),
    '',
  ];
}

function jsonSchemaOf(content: unknown): unknown {
  return isObject(content) && isObject(content['application/json'])
    ? content['application/json'].schema
    : undefined;
}

function requestBodySection(doc: Json, operation: Json): string[] {
  const body = resolveRef(doc, operation.requestBody);
  if (!isObject(body)) return [];
  const schema = jsonSchemaOf(body.content);
  return ['## Request body', '', `\`application/json\`: ${typeOf(schema)}`, ''];
}

function responsesOf(doc: Json, operation: Json): Array<readonly [string, Json]> {
  return Object.entries((operation.responses ?? {}) as Json).map(function resolvedResponse([
    status,
    response,
  ]) {
    const resolved = resolveRef(doc, response);
    return [status, isObject(resolved) ? resolved : {}] as const;
  });
}

function responsesTable(doc: Json, operation: Json): string[] {
  const responses = responsesOf(doc, operation);
  return [
    '## Responses',
    '',
    '| Status | Description | Body |',
    '| --- | --- | --- |',
    ...responses.map(([status, r]) => {
      const schema = jsonSchemaOf(r.content);
      return `| ${status} | ${cellText(String(r.description ?? ''))} | ${schema === undefined ? '' : typeOf(schema)} |`;
    }),
    '',
  ];
}

/**
 * What one OpenAPI link sets, as `name = expression` pairs: its operation's parameters, and its
 * request body (a field each where it is an object of fields, as the model writes them).
 */
function linkSettings(link: Json): string[] {
  const parameters = Object.entries(isObject(link.parameters) ? link.parameters : {}).map(
    ([name, value]) => `${nameHtml(name)} = ${expressionHtml(String(value))}`,
  );
  const body = link.requestBody;
  const bodyFields = isObject(body)
    ? Object.entries(body).map(
        ([field, value]) => `body ${nameHtml(field)} = ${expressionHtml(String(value))}`,
      )
    : body === undefined
      ? []
      : [`body = ${expressionHtml(typeof body === 'string' ? body : JSON.stringify(body))}`];
  return [...parameters, ...bodyFields];
}

/**
 * The links table's columns: a summary of about 40 characters fits on two lines, a runtime
 * expression (broken after a `/`) on two.
 */
const LINK_COLUMNS = [
  { title: 'Link', width: '22%' },
  { title: 'Operation', width: '30%' },
  { title: 'Sets', width: '48%' },
] as const;

/**
 * The OpenAPI links of the operation's answers: per answer that has them, each link's name, the
 * operation it leads to (its page), which parameter or body field gets which value of the answer,
 * and below them why. A link to an operation the document lacks fails the build.
 */
function linksSection(doc: Json, op: ReferenceOperation): string[] {
  const withLinks = responsesOf(doc, op.operation).filter(([, r]) => isObject(r.links));
  if (withLinks.length === 0) return [];
  const operations = referenceOperations(doc);
  return [
    '## Links',
    '',
    'What an answer yields that other operations take (its OpenAPI `links`): each link sets a parameter, or a field of the request body, of the operation it names to a value of the answer.',
    '',
    ...withLinks.flatMap(([status, response]) => [
      `The \`${status}\` answer:`,
      '',
      ...stackedTable(
        'links',
        LINK_COLUMNS,
        Object.entries(response.links as Json).map(function linkRow([name, value]) {
          const link = resolveRef(doc, value);
          const target = isObject(link) ? operations.find((o) => o.id === link.operationId) : undefined;
          if (!isObject(link) || !target)
            throw new Error(
              `${op.id}: the ${status} answer's link ${name} leads to no operation of the document`,
            );
          return {
            cells: [
              nameHtml(name),
              `<a href="${siteHref(operationPath(target.id))}">${htmlText(String(target.operation.summary ?? target.id))}</a>`,
              linkSettings(link).join('<br>'),
            ],
            below: link.description ? htmlText(String(link.description)) : '',
          };
        }),
      ),
      '',
    ]),
  ];
}

function samplesSection(doc: Json, op: ReferenceOperation): string[] {
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
}

function decisionsSection(op: ReferenceOperation, decisions: readonly DecisionFile[]): string[] {
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
}

/** The page of one operation: what it does, its parameters, body, answers, links and code samples. */
export function operationPage(doc: Json, op: ReferenceOperation, decisions: readonly DecisionFile[]): string {
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
    ...linksSection(doc, op),
    ...samplesSection(doc, op),
    ...decisionsSection(op, decisions),
  ].join('\n');
}
