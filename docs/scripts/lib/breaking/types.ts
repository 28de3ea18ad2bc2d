/** How a difference between two API documents affects clients, by the versioning rules of the spec. */
export type ChangeClass = 'breaking' | 'non-breaking';

export interface ApiChange {
  readonly class: ChangeClass;
  /** What changed, e.g. "property removed", "enum value added". */
  readonly kind: string;
  /** Where: "GET /api/um/v3/conversations/ › response 200 › application/json › results[].status". */
  readonly location: string;
  readonly detail?: string;
}

/**
 * Which way data flows where a schema is used. Loosening what a client sends is safe; loosening what
 * a client receives is not (it may now receive values it never handled), and vice versa.
 */
export type Direction = 'request' | 'response';

/** An OpenAPI object as read from JSON; the differ checks shapes itself rather than trusting types. */
export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function breaking(kind: string, location: string, detail?: string): ApiChange {
  return detail === undefined
    ? { class: 'breaking', kind, location }
    : { class: 'breaking', kind, location, detail };
}

export function nonBreaking(kind: string, location: string, detail?: string): ApiChange {
  return detail === undefined
    ? { class: 'non-breaking', kind, location }
    : { class: 'non-breaking', kind, location, detail };
}

/** Breaking in one direction only: used for loosening/tightening rules. */
export function breakingWhen(
  isBreaking: boolean,
  kind: string,
  location: string,
  detail?: string,
): ApiChange {
  return isBreaking ? breaking(kind, location, detail) : nonBreaking(kind, location, detail);
}
