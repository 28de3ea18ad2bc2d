import type { Json } from '../../scripts/lib/breaking/types.js';

export interface DocumentedOperation {
  readonly label: string;
  readonly operationId: string;
  readonly summary: string | undefined;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every operation of an OpenAPI document, as the reference should list it. */
export const documentedOperations = (doc: Json): DocumentedOperation[] =>
  Object.entries((doc.paths ?? {}) as Record<string, Record<string, Json>>).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => {
      const operation = item[method] as Json;
      return {
        label: `${method.toUpperCase()} ${path}`,
        operationId: String(operation.operationId ?? ''),
        summary: typeof operation.summary === 'string' ? operation.summary : undefined,
      };
    }),
  );

/** Redoc turns an operationId into the last segment of the operation's link; compare letters and digits. */
export const slugKey = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, '');
