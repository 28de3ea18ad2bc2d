import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../core/api-error.js';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * Write requests need Content-Type: application/json (415 otherwise) and valid JSON
 * (400 parse_error otherwise). Bodies are read as text and parsed here, so both checks answer
 * with the API's error body rather than the framework's own.
 */
export function installJsonBody(app: FastifyInstance, bodyLimit: number): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'string', bodyLimit },
    function keepBodyText(_request, body, done) {
      done(null, body);
    },
  );
}

export function readJsonBody(request: FastifyRequest): unknown {
  const type = request.headers['content-type'];
  if (!type || !JSON_TYPE.test(type))
    throw new ApiError(
      'unsupported_media_type',
      `Unsupported media type "${type ?? ''}" in request: send Content-Type: application/json.`,
    );
  const text = typeof request.body === 'string' ? request.body : '';
  if (text.trim() === '') throw new ApiError('parse_error', 'JSON parse error - the request body is empty.');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ApiError('parse_error', `JSON parse error - ${(error as Error).message}`);
  }
}
