import { randomUUID } from 'node:crypto';
import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { endpointList, LIMITS, routerPath } from '@org/model';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { ApiError } from '../core/api-error.js';
import { handlers } from '../handlers/index.js';
import type { Services } from '../handlers/services.js';
import { registerDocs, type TryTokens } from './docs.js';
import { installJsonBody } from './json-body.js';
import {
  answerUnroutable,
  apiRoutes,
  type PageObserver,
  registerRoutes,
  type ServedRoute,
} from './register-routes.js';
import { retiredRoutes } from './versioning.js';

/**
 * What a start adds to the app beside the API: the sandbox does (sandbox/http/extension.ts). The
 * app knows it by this shape only, so nothing on the request path imports the sandbox.
 */
export interface AppExtension {
  /** Hooks every request passes, added before any route (the sandbox's preferences and journal). */
  addHooks(app: FastifyInstance): void;
  /** Endpoints served beside the API's, by the same loop, each entry with its own hooks. */
  routes: readonly ServedRoute[];
  /** Told of each page written part by part, which passes no onSend hook (the journal keeps it). */
  onPageWritten?: PageObserver;
  /** The tokens the docs site's try-it console prefills (GET /docs/sandbox.json). */
  tryTokens?: () => TryTokens;
}

export interface AppOptions {
  /** Structured JSON logs with the request id: to stdout (true), to stderr, or none. */
  logger?: boolean | 'stderr';
  bodyLimit?: number;
  /** Served beside the API: the sandbox's control API and request preferences; none when absent. */
  extension?: AppExtension;
  /** The built docs site served at /docs/ (default: DOCS_DIR, or the repository's docs/dist). */
  docsDir?: string;
  /** The URL page links are built from, whatever Host says; without it, the request's (valid) Host. */
  publicUrl?: string;
}

/**
 * A 431 is found by Node's parser before Fastify sees a request, so the API's error body is written
 * to the socket here, which is then closed. Other parse failures of the request line or headers are
 * a 400 `invalid`.
 */
function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const apiError =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new ApiError(
          'headers_too_large',
          `The request headers are larger than ${maxHeaderSize} bytes (the request line included).`,
        )
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? null
        : new ApiError('invalid', 'The request could not be parsed as HTTP/1.1.');
  if (apiError && socket.writable) {
    const body = JSON.stringify(apiError.body);
    socket.write(
      `HTTP/1.1 ${apiError.status} ${STATUS_CODES[apiError.status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${randomUUID()}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
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

/**
 * Maps framework errors to the API's error body, so bad input the framework finds is never a 5xx;
 * anything unexpected is a logged 500 with the request id.
 */
function toApiError(error: FastifyError, bodyLimit: number): ApiError | null {
  if (error instanceof ApiError) return error;
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return new ApiError('invalid', `The request body is larger than ${bodyLimit} bytes.`, {
      non_field_errors: [`The request body must not be larger than ${bodyLimit} bytes.`],
    });
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return new ApiError(
      'uri_too_long',
      `A path parameter is longer than ${LIMITS.maxPathParamLength} characters.`,
    );
  if (error.code === 'FST_ERR_BAD_URL')
    return new ApiError('invalid', 'The path is not valid percent-encoded UTF-8.', {
      non_field_errors: ['The path is not valid percent-encoded UTF-8.'],
    });
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return new ApiError('unsupported_media_type', 'Send Content-Type: application/json.');
  if (error.statusCode === 400 || error.code?.startsWith('FST_ERR_CTP'))
    return new ApiError('invalid', error.message || 'The request is invalid.');
  return null;
}

/**
 * Errors the router finds before any route, in the API's error body. A path that is not valid
 * percent-encoding on an operation's path is counted as that operation's malformed path parameter
 * (answerUnroutable).
 */
async function answerFrameworkError(
  services: Services,
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
  bodyLimit: number,
): Promise<void> {
  reply.header('X-Request-Id', request.id);
  let apiError = toApiError(error, bodyLimit) ?? new ApiError('invalid', error.message);
  try {
    if (error.code === 'FST_ERR_BAD_URL')
      apiError = await answerUnroutable(services, request, reply, apiError);
  } catch (fault) {
    request.log.error({ err: fault, requestId: request.id }, 'unexpected fault');
    apiError = new ApiError('error', `Unexpected fault; request id ${request.id}.`);
  }
  reply.code(apiError.status).headers(apiError.headers).send(apiError.body);
}

function noRouteSchemas(): never {
  throw new Error('routes of the reference server take no JSON schema: the model validates (zod)');
}

/** The reference server's HTTP app: every route of the model's table over the given services. */
export async function buildApp(services: Services, options: AppOptions = {}): Promise<FastifyInstance> {
  const bodyLimit = options.bodyLimit ?? LIMITS.maxBodyBytes;
  const app = Fastify({
    logger: options.logger
      ? { level: 'info', ...(options.logger === 'stderr' ? { stream: process.stderr } : {}) }
      : false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: LIMITS.maxPathParamLength },
    genReqId: function requestIdOf(req) {
      return (req.headers['x-request-id'] as string | undefined) ?? randomUUID();
    },
    bodyLimit,
    // Requests and answers are checked by the model's zod schemas, never by route JSON schemas:
    // without these factories Fastify would load Ajv and fast-json-stringify at every start.
    schemaController: {
      compilersFactory: { buildValidator: noRouteSchemas, buildSerializer: noRouteSchemas },
    },
    return503OnClosing: true,
    // A documented transport limit: a keep-alive connection answers this many requests (pipelined
    // or not), the last one with `Connection: close`, then the server closes it.
    maxRequestsPerSocket: LIMITS.maxRequestsPerConnection,
    clientErrorHandler,
    // Errors the router finds before any route (bad percent-encoding, a too long parameter) get the
    // API's error body too.
    frameworkErrors: function onFrameworkError(error, request, reply) {
      void answerFrameworkError(services, error as FastifyError, request, reply as FastifyReply, bodyLimit);
    },
  });
  // Past the per-connection limit (D27) Node answers each further request with a bare 503, no
  // error body, and keeps the connection open; a client that ignored the last answer's
  // `Connection: close` would get those forever. The limit means the connection answers no more:
  // it is closed instead, as RFC 9112 asks of a server that sent `close`.
  app.server.on('dropRequest', function closeSpentConnection(_request, socket) {
    socket.destroy();
  });
  installJsonBody(app, bodyLimit);
  app.addHook('onRequest', async function stampRequestId(request, reply) {
    reply.header('X-Request-Id', request.id);
  });

  app.setErrorHandler(function answerError(error: FastifyError, request, reply) {
    const apiError = toApiError(error, bodyLimit);
    if (apiError) return reply.code(apiError.status).headers(apiError.headers).send(apiError.body);
    request.log.error({ err: error, requestId: request.id }, 'unexpected fault');
    if (!options.logger) console.error(`[${request.id}]`, error);
    return reply.code(500).send({ detail: `Unexpected fault; request id ${request.id}.`, code: 'error' });
  });

  app.setNotFoundHandler(function answerNotFound(request, reply) {
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

  const { extension } = options;
  extension?.addHooks(app);
  // Only the docs site and the documents beside it are served apart from the table.
  registerDocs(app, { docsDir: options.docsDir, tryTokens: extension?.tryTokens });
  registerRoutes(app, [
    ...apiRoutes(services, handlers, {
      ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
      ...(extension?.onPageWritten ? { onPageWritten: extension.onPageWritten } : {}),
    }),
    ...retiredRoutes(app.supportedMethods),
    ...(extension?.routes ?? []),
  ]);
  return app;
}
