import { operationsOf } from './operations.js';
import { resolveRef, schemaRefName } from './refs.js';
import { type Direction, isObject, type Json } from './types.js';

/** An operation as the release notes name it: as written in the document, and its client method name. */
export interface OperationRef {
  /** "GET /api/um/v3/conversations/{id}/" */
  readonly label: string;
  readonly operationId?: string;
}

/** The component schemas a part of a document reaches through `$ref`s, however deeply nested. */
const schemasReachedFrom = (doc: Json, value: unknown): Set<string> => {
  const names = new Set<string>();
  const followed = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    if (!isObject(node)) return;
    if (typeof node.$ref === 'string') {
      if (followed.has(node.$ref)) return;
      followed.add(node.$ref);
      const name = schemaRefName(node);
      if (name !== undefined) names.add(name);
      walk(resolveRef(doc, node));
      return;
    }
    for (const child of Object.values(node)) walk(child);
  };
  walk(value);
  return names;
};

/** The key of one schema used in one direction: the differ reports such a pair as "schema X (in requests)". */
export function schemaUseKey(name: string, direction: Direction): string {
  return `${name}:${direction}`;
}

/**
 * Which operations send (requests: parameters and request body) or receive (responses: bodies and
 * headers) each component schema. The differ reports a change of a shared schema once, under its
 * name; this says which operations a client meets that change through.
 */
export function schemaUsers(doc: Json): Map<string, OperationRef[]> {
  const users = new Map<string, OperationRef[]>();
  const add = (key: string, operation: OperationRef): void => {
    const list = users.get(key) ?? [];
    list.push(operation);
    users.set(key, list);
  };
  for (const op of operationsOf(doc).values()) {
    const ref: OperationRef =
      op.operationId === undefined ? { label: op.label } : { label: op.label, operationId: op.operationId };
    const request = [op.parameters.map((p) => p.parameter), op.operation.requestBody];
    for (const name of schemasReachedFrom(doc, request)) add(schemaUseKey(name, 'request'), ref);
    for (const name of schemasReachedFrom(doc, op.operation.responses))
      add(schemaUseKey(name, 'response'), ref);
  }
  return users;
}
