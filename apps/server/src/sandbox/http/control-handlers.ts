import { ApiError, invalid } from '../../core/api-error.js';
import { CLOCK_RANGE } from '../../core/clock.js';
import { type JsonText, jsonText } from '../../core/json.js';
import { noContent, ok } from '../../handlers/types.js';
import type { SandboxEndpoints as Endpoints } from '../api/endpoints.js';
import type { ControlContext as Context } from './types.js';

/*
 * The handlers of the control API's endpoints that act on the sandbox as a whole: reset, worlds,
 * counters, the journal, the clock and its own document. Each is named as its operationId.
 */

export async function resetSandbox({ control, journal }: Context<Endpoints['resetSandbox']>) {
  await control.reset();
  journal.clear();
  return noContent();
}

/** Isolation for test files that share one server: each creates a world of its own. */
export async function createWorld({ body, control }: Context<Endpoints['createWorld']>) {
  return ok(jsonText(await control.createWorld(body?.organizations ?? 2)), 201);
}

export async function dropWorld({ params, control }: Context<Endpoints['dropWorld']>) {
  if (params.id === control.seededWorldId)
    throw new ApiError('invalid', 'The seeded world is not dropped; POST /_sandbox/reset restores it.', {
      id: ['The seeded world.'],
    });
  if (!(await control.dropWorld(params.id)))
    throw new ApiError('not_found', `No sandbox world ${params.id}.`);
  return noContent();
}

export async function clearRateLimits({ control }: Context<Endpoints['clearRateLimits']>) {
  await control.clearRateLimits();
  return noContent();
}

export async function readJournal({ query, journal }: Context<Endpoints['readJournal']>) {
  return ok(jsonText(journal.read(query)));
}

export async function clearJournal({ journal }: Context<Endpoints['clearJournal']>) {
  journal.clear();
  return noContent();
}

// The server's clock, kept in the database so that every instance on it reads the same moment.

export async function readClock({ control }: Context<Endpoints['readClock']>) {
  return ok(jsonText(await control.clock.read()));
}

const CLOCK_RANGE_LIMITS = 'between 1970-01-01 and 9999-12-31 (UTC)';

/** Exactly one of `now` (a moment within the range) and `advance` (a duration), as the schema says. */
export async function setClock({ body, control }: Context<Endpoints['setClock']>) {
  if (body.now !== undefined) {
    const at = Date.parse(body.now);
    if (!(at >= CLOCK_RANGE.min && at <= CLOCK_RANGE.max))
      throw invalid({ now: [`A moment ${CLOCK_RANGE_LIMITS}.`] }, 'Invalid body: now.');
    return ok(jsonText(await control.clock.set(body.now)));
  }
  const moved = await control.clock.advance(body.advance!);
  if (!moved)
    throw invalid(
      { advance: [`Expected an ISO 8601 duration such as PT1H or P1DT30M, ending ${CLOCK_RANGE_LIMITS}.`] },
      'Invalid body: advance.',
    );
  return ok(jsonText(moved));
}

export async function resetClock({ control }: Context<Endpoints['resetClock']>) {
  return ok(jsonText(await control.clock.set(null)));
}

/**
 * The sandbox's own document, never part of the published one: the control API binds no client.
 * Built on its first request, so the start does not load the generator.
 */
let document: Promise<JsonText<Record<string, unknown>>> | undefined;
export async function readSandboxDocument(_context: Context<Endpoints['readSandboxDocument']>) {
  document ??= import('../api/document.js').then((m) =>
    jsonText<Record<string, unknown>>(m.buildSandboxDocument()),
  );
  return ok(await document);
}
