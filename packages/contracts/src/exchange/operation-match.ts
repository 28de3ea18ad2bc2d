import type { FuzzOperation } from '../document/openapi-document.js';

/** The operation a request was routed to, with its path parameters as sent (percent-decoded). */
export interface MatchedOperation {
  readonly op: FuzzOperation;
  readonly pathParams: Readonly<Record<string, string>>;
}

interface Route {
  readonly op: FuzzOperation;
  readonly pattern: RegExp;
  readonly names: readonly string[];
  /** Literal segments win over placeholders: `/conversations/all/` before `/conversations/{id}/`. */
  readonly placeholders: number;
}

/** Finds the operation of a method and a path among the document's path templates. */
export interface OperationIndex {
  /** The operation of the method and path; undefined when no template and method match. */
  match(method: string, path: string): MatchedOperation | undefined;
  /** Whether the path is one of the document's, by any method. */
  knowsPath(path: string): boolean;
  /** The operation of an operationId. */
  byId(operationId: string): FuzzOperation | undefined;
}

function routeOf(op: FuzzOperation): Route {
  const names: string[] = [];
  const source = op.path
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      names.push(name);
      return '([^/]+)';
    })
    .join('');
  return { op, pattern: new RegExp(`^${source}$`), names, placeholders: names.length };
}

function decoded(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function operationIndexOf(operations: readonly FuzzOperation[]): OperationIndex {
  const routes = operations.map(routeOf).sort((a, b) => a.placeholders - b.placeholders);
  return {
    match(method, path) {
      const upper = method.toUpperCase();
      for (const route of routes) {
        if (route.op.method !== upper) continue;
        const found = route.pattern.exec(path);
        if (!found) continue;
        const pathParams = Object.fromEntries(route.names.map((name, i) => [name, decoded(found[i + 1]!)]));
        return { op: route.op, pathParams };
      }
      return undefined;
    },
    knowsPath(path) {
      return routes.some((route) => route.pattern.test(path));
    },
    byId(operationId) {
      return operations.find((op) => op.id === operationId);
    },
  };
}
