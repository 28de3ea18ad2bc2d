import { isObject, type Json } from '../breaking/types.js';
import type { ReferenceOperation } from './reference-model.js';

/**
 * The query the console prefills, per operation (`GET /api/um/v3/conversations/`): the endpoint
 * table's example query. The site ships this (reference/console-examples.json, a few kB) beside the
 * OpenAPI document it already serves, not a second copy of the document.
 */
export type ConsoleExamples = Record<string, Record<string, string>>;

export function consoleExamples(operations: readonly ReferenceOperation[]): ConsoleExamples {
  return Object.fromEntries(
    operations.map((op) => [`${op.method} ${op.path}`, { ...op.endpoint.example.query }]),
  );
}

/**
 * The document the try-it console loads (the browser builds it: no Node here). Scalar fills every
 * query parameter that has an example and sends it, so the document's examples
 * (`exclude_ids=12,15,99`, a search, dates...) would narrow a first request to an empty page. Here an
 * optional query parameter keeps an example only where the endpoint table's example request sets
 * it: a first "Send" is the request of the code samples.
 */
export function withConsoleExamples(doc: Json, examples: ConsoleExamples): Json {
  const copy = structuredClone(doc);
  for (const [operationKey, exampleQuery] of Object.entries(examples)) {
    const [method = '', path = ''] = operationKey.split(' ');
    const operation = ((copy.paths as Record<string, Json>)[path] as Json)[method.toLowerCase()] as Json;
    for (const parameter of (operation.parameters ?? []) as unknown[]) {
      if (!isObject(parameter) || parameter.in !== 'query' || parameter.required === true) continue;
      const name = String(parameter.name);
      delete parameter.example;
      delete parameter.examples;
      if (isObject(parameter.schema)) delete parameter.schema.example;
      if (exampleQuery[name] !== undefined) parameter.example = exampleQuery[name];
    }
  }
  return copy;
}
