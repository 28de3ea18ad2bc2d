import { randomUUID } from 'node:crypto';
import { endpointList, routerPath } from '@org/model';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { ApiError } from '../core/api-error.js';
import { handlers } from '../handlers/index.js';
import type { Services } from '../handlers/services.js';
import { registerDocs } from './docs.js';
import { installJsonBody } from './json-body.js';
import { registerRoutes } from './register-routes.js';
import { registerSandbox, type SandboxControl } from './sandbox.js';
import { registerRetiredVersions } from './versioning.js';

export interface AppOptions {
  /** Structured JSON logs with the request id: to stdout (true), to stderr, or none. */
  logger?: boolean | 'stderr';
  bodyLimit?: number;
  /** The sandbox control API and request preferences (D23); off when absent. */
  sandbox?: SandboxControl;
  /** The built docs site served at /docs/ (default: DOCS_DIR, or the repository's docs/dist). */
  docsDir?: string;
}

/** Methods each templated path of the table takes, for 405 answers. */
const methodsByPath = (() => {
  const byPath = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  for (const [, ep] of endpointList()) {
    const key = routerPath(ep.path);
    const entry = byPath.get(key) ?? {
      pattern: new RegExp(`^${key.replace(/:\w+/g, '[^/]+').replace(/\/$/, '')}/?$`),
      methods: new Set<string>(),
    };
    entry.methods.add(ep.method);
    byPath.set(key, entry);
  }
  return [...byPath.values()];
})();

/** Maps framework errors to D1 bodies; anything unexpected is a logged 500 with the request id. */
const toApiError = (error: FastifyError): ApiError | null => {
  if (error instanceof ApiError) return error;
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return new ApiError('invalid', 'The request body is too large.');
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return new ApiError('unsupported_media_type', 'Send Content-Type: application/json.');
  if (error.statusCode === 400 || error.code?.startsWith('FST_ERR_CTP'))
    return new ApiError('invalid', error.message || 'The request is invalid.');
  return null;
};

/** The reference server's HTTP app: every route of the model's table over the given services. */
export const buildApp = async (services: Services, options: AppOptions = {}): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: options.logger
      ? { level: 'info', ...(options.logger === 'stderr' ? { stream: process.stderr } : {}) }
      : false,
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: (req) => (req.headers['x-request-id'] as string | undefined) ?? randomUUID(),
    bodyLimit: options.bodyLimit ?? 1_048_576,
    return503OnClosing: true,
  });
  installJsonBody(app, options.bodyLimit ?? 1_048_576);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = toApiError(error);
    if (apiError) return reply.code(apiError.status).headers(apiError.headers).send(apiError.body);
    request.log.error({ err: error, requestId: request.id }, 'unexpected fault');
    if (!options.logger) console.error(`[${request.id}]`, error);
    return reply.code(500).send({ detail: `Unexpected fault; request id ${request.id}.`, code: 'error' });
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const match = methodsByPath.find((entry) => entry.pattern.test(path));
    if (match && !match.methods.has(request.method)) {
      const error = new ApiError('method_not_allowed', `Method "${request.method}" not allowed.`);
      return reply
        .code(error.status)
        .header('Allow', [...match.methods].join(', '))
        .send(error.body);
    }
    const error = new ApiError('not_found', 'Not found.');
    return reply.code(error.status).send(error.body);
  });

  if (options.sandbox) registerSandbox(app, options.sandbox);
  registerRetiredVersions(app);
  registerDocs(app, { docsDir: options.docsDir });
  registerRoutes(app, services, handlers);
  return app;
};
