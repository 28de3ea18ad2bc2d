import { isObject, type Json } from '../breaking/types.js';
import type { ReferenceOperation } from './reference-model.js';

/**
 * The document the try-it console loads. Scalar fills every query parameter that has an example
 * and sends it, so the document's examples (`exclude_ids=12,15,99`, a search, dates...) would narrow
 * a first request to an empty page. Here an optional query parameter keeps an example only where
 * the endpoint table's example request sets it: a first "Send" is the request of the code samples.
 */
export const consoleDocument = (doc: Json, operations: readonly ReferenceOperation[]): Json => {
  const copy = structuredClone(doc);
  for (const op of operations) {
    const operation = ((copy.paths as Record<string, Json>)[op.path] as Json)[
      op.method.toLowerCase()
    ] as Json;
    const exampleQuery = op.endpoint.example.query ?? {};
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
};
