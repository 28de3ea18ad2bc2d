import { endpoints, RETIRED_VERSIONS } from '@org/model';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../core/api-error.js';

const CURRENT = endpoints.listConversations.path.split('/')[3]; // "v3"

/**
 * Every path of a retired version answers 410 gone for every method, naming the current version:
 * the whole version is gone, so a 404 or 405 would mislead.
 */
export function registerRetiredVersions(app: FastifyInstance): void {
  for (const version of RETIRED_VERSIONS) {
    app.all(`/api/um/${version}/*`, async function answerRetiredPath() {
      throw new ApiError(
        'gone',
        `API ${version} was disabled in February 2023; use /api/um/${CURRENT}/ (same paths, PATCH bodies without a wrapper object).`,
      );
    });
    app.all(`/api/um/${version}`, async function answerRetiredRoot() {
      throw new ApiError('gone', `API ${version} was disabled in February 2023; use /api/um/${CURRENT}/.`);
    });
  }
}
