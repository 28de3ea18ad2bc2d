import { type EndpointDefinition, type EndpointId, endpointList } from '@org/model';
import { openApiDocument } from '@org/model/openapi';
import { resolveRef } from '../breaking/refs.js';
import { isObject, type Json } from '../breaking/types.js';

/** One operation of the document with its entry of the endpoint table (the source of its samples). */
export interface ReferenceOperation {
  readonly id: EndpointId;
  readonly endpoint: EndpointDefinition;
  readonly method: string;
  readonly path: string;
  readonly tag: string;
  readonly operation: Json;
}

let cached: Json | undefined;
/** The model's OpenAPI document (the content of docs/openapi.json), read through its public export. */
export function referenceDocument(): Json {
  cached ??= openApiDocument() as unknown as Json;
  return cached;
}

/** Every operation, in the endpoint table's order; a table entry the document lacks is an error. */
export function referenceOperations(doc: Json = referenceDocument()): ReferenceOperation[] {
  return endpointList().map(function referenceOperation([id, endpoint]) {
    const item = (doc.paths as Record<string, Json>)[endpoint.path];
    const operation = item?.[endpoint.method.toLowerCase()];
    if (!isObject(operation))
      throw new Error(`${id}: ${endpoint.method} ${endpoint.path} is not in the document`);
    const tag = (operation.tags as string[] | undefined)?.[0] ?? endpoint.tag;
    return { id, endpoint, method: endpoint.method, path: endpoint.path, tag, operation };
  });
}

/** The tags in the document's order, each with its description. */
export function referenceTags(doc: Json = referenceDocument()): Array<{ name: string; description: string }> {
  return ((doc.tags ?? []) as Array<{ name: string; description?: string }>).map((t) => ({
    name: t.name,
    description: t.description ?? '',
  }));
}

export function schemaNames(doc: Json = referenceDocument()): string[] {
  return Object.keys(((doc.components as Json | undefined)?.schemas ?? {}) as Json).sort();
}

/**
 * The query parameters of an operation the client takes numbers for: those the document types as
 * integers, and the id lists (`*_id`, `*_ids`: text on the wire, numbers or arrays of them in the client).
 */
export function integerQueryOf(doc: Json, operation: Json): Set<string> {
  return new Set(
    ((operation.parameters ?? []) as unknown[])
      .map((p) => resolveRef(doc, p))
      .filter(isObject)
      .filter(
        (p) =>
          p.in === 'query' &&
          ((isObject(p.schema) && p.schema.type === 'integer') || /_ids?$/.test(String(p.name))),
      )
      .map((p) => String(p.name)),
  );
}
