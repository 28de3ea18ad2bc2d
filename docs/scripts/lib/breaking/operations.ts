import { resolveRef } from './refs.js';
import { isObject, type Json } from './types.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface Operation {
  /** "GET /api/um/v3/conversations/{id}/" as written in the document. */
  readonly label: string;
  readonly operationId: string | undefined;
  readonly operation: Json;
  /** Path-item parameters merged with the operation's (the operation's win), $refs resolved. */
  readonly parameters: readonly Parameter[];
}

export interface Parameter {
  /** "query:status", or "path:0" for the first path parameter (path parameters match by position). */
  readonly key: string;
  readonly label: string;
  readonly parameter: Json;
}

const parametersOf = (doc: Json, path: string, pathItem: Json, operation: Json): Parameter[] => {
  const byInAndName = new Map<string, Json>();
  const all = [pathItem.parameters, operation.parameters].flatMap((list) =>
    Array.isArray(list) ? list : [],
  );
  for (const raw of all) {
    const parameter = resolveRef(doc, raw);
    if (isObject(parameter)) byInAndName.set(`${String(parameter.in)}:${String(parameter.name)}`, parameter);
  }
  const pathNames = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  return [...byInAndName.values()].map((parameter) => {
    const where = String(parameter.in);
    const name = String(parameter.name);
    const position = pathNames.indexOf(name);
    const key = where === 'path' && position >= 0 ? `path:${position}` : `${where}:${name}`;
    return { key, label: `${where} parameter ${name}`, parameter };
  });
};

/** Every operation of a document, keyed by method and path with parameter names blanked (renaming `{id}` alone is no move). */
export function operationsOf(doc: Json): Map<string, Operation> {
  const operations = new Map<string, Operation>();
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const [path, rawItem] of Object.entries(paths)) {
    const pathItem = resolveRef(doc, rawItem);
    if (!isObject(pathItem)) continue;
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (!isObject(operation)) continue;
      const label = `${method.toUpperCase()} ${path}`;
      operations.set(`${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`, {
        label,
        operationId: typeof operation.operationId === 'string' ? operation.operationId : undefined,
        operation,
        parameters: parametersOf(doc, path, pathItem, operation),
      });
    }
  }
  return operations;
}
