import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const FIXTURE_OPENAPI = fileURLToPath(
  new URL('../../test-fixtures/openapi.fixture.json', import.meta.url),
);

// biome-ignore lint/suspicious/noExplicitAny: tests edit arbitrary places of an OpenAPI document.
export type Doc = any;

/** A fresh copy of the hand-made fixture document, to be mutated by one test. */
export function fixtureDoc(): Doc {
  return JSON.parse(readFileSync(FIXTURE_OPENAPI, 'utf8'));
}
