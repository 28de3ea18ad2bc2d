import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApiDocument } from '@org/model/openapi';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The built docs site (`pnpm run docs`): docs/dist of the workspace, or DOCS_DIR. */
const docsDir = (): string =>
  resolve(process.env.DOCS_DIR ?? fileURLToPath(new URL('../../../../docs/dist', import.meta.url)));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
};

const NOT_BUILT =
  '<!doctype html><title>API reference</title><p>The HTML reference is not built yet: run <code>pnpm run docs</code>. The OpenAPI document is at <a href="/openapi.json">/openapi.json</a>.</p>';

/**
 * GET /openapi.json serves the model's document; /docs/ the HTML reference and the guides beside
 * it (as a directory, so the reference's relative links to the guides resolve).
 */
export const registerDocs = (app: FastifyInstance) => {
  const document = JSON.stringify(openApiDocument());
  app.get('/openapi.json', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(document),
  );
  // With trailing slashes ignored, the route /docs serves both /docs and /docs/ (index.html).
  app.get('/docs', async (request, reply) => serve(request, reply));
  app.get('/docs/*', async (request, reply) => serve(request, reply));
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    // The reference links to the guides relatively: it must be served from /docs/, not /docs.
    if (request.url.split('?')[0] === '/docs') return reply.redirect('/docs/', 301);
    const root = docsDir();
    const wanted = (request.params as { '*'?: string })['*'] || 'index.html';
    const file = resolve(root, decodeURIComponent(wanted));
    // Never serve anything outside the docs directory.
    if (file !== root && !file.startsWith(root + sep))
      return reply.code(404).send({ detail: 'Not found.', code: 'not_found' });
    const target = existsSync(file) && statSync(file).isDirectory() ? resolve(file, 'index.html') : file;
    if (!existsSync(target)) {
      if (wanted === 'index.html') return reply.type('text/html; charset=utf-8').send(NOT_BUILT);
      return reply.code(404).send({ detail: 'Not found.', code: 'not_found' });
    }
    return reply.type(TYPES[extname(target)] ?? 'application/octet-stream').send(readFileSync(target));
  };
};
