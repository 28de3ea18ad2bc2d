import { schemaUseKey, schemaUsers } from '../breaking/schema-users.js';
import { isObject, type Json } from '../breaking/types.js';
import { operationPath } from './links.js';
import { cellText, paragraphText } from './markdown-text.js';
import { typeOf } from './schema-type.js';

const propertiesTable = (schema: Json): string[] => {
  const properties = isObject(schema.properties) ? Object.entries(schema.properties) : [];
  if (properties.length === 0) return [`Type: ${typeOf(schema)}`, ''];
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  return [
    '| Property | Type | Required | Description |',
    '| --- | --- | --- | --- |',
    ...properties.map(([name, property]) => {
      const p = isObject(property) ? property : {};
      return `| \`${name}\` | ${typeOf(p)} | ${required.has(name) ? 'yes' : 'no'} | ${cellText(String(p.description ?? ''))} |`;
    }),
    '',
  ];
};

const usersList = (
  title: string,
  users: Array<{ label: string; operationId?: string }> | undefined,
): string[] =>
  users && users.length > 0
    ? [
        `**${title}**`,
        '',
        ...users.map((u) =>
          u.operationId ? `- [${u.label}](${operationPath(u.operationId)})` : `- ${u.label}`,
        ),
        '',
      ]
    : [];

/** The schemas page: one section per component schema, its anchor the schema's name (its permalink). */
export function schemasPage(doc: Json): string {
  const users = schemaUsers(doc);
  const schemas = ((doc.components as Json).schemas ?? {}) as Record<string, Json>;
  const sections = Object.entries(schemas)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, schema]) => {
      const decision = typeof schema['x-um-decision'] === 'string' ? ` (${schema['x-um-decision']})` : '';
      return [
        `## ${name} {#${name}}`,
        '',
        paragraphText(String(schema.description ?? '')) + decision,
        '',
        ...propertiesTable(schema),
        ...usersList('Sent by', users.get(schemaUseKey(name, 'request'))),
        ...usersList('Answered by', users.get(schemaUseKey(name, 'response'))),
      ].join('\n');
    });
  return [
    '# Schemas',
    '',
    'Every component schema of the document, in alphabetical order.',
    '',
    ...sections,
  ].join('\n');
}
