import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The built docs site (`pnpm run docs`): DOCS_DIR, or docs/dist of the repository found by walking
 * up from this module to the directory holding pnpm-workspace.yaml. Walking up gives the same
 * answer from src/http/ (vitest) and from dist/ (the bundle), which a fixed relative path cannot.
 */
export const defaultDocsDir = (from: string = fileURLToPath(import.meta.url)): string | undefined => {
  if (process.env.DOCS_DIR) return resolve(process.env.DOCS_DIR);
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return join(dir, 'docs', 'dist');
    if (dirname(dir) === dir) return undefined;
  }
};

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

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** 503, not a placeholder that looks like a reference: says what is missing and how to build it. */
const notBuilt = (root: string | undefined) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><title>API reference not built</title>
<h1>503: the API reference is not built</h1>
<p>This server found no <code>${escapeHtml(root ? join(root, 'index.html') : 'docs/dist/index.html (no repository above the server)')}</code>.
Build it from the repository root with <code>npx -y pnpm@10.34.9 run docs</code> (or set <code>DOCS_DIR</code> to a built docs site), then reload.</p>
<p>The OpenAPI document is served meanwhile at <a href="/openapi.json">/openapi.json</a>.</p></html>`;

export interface DocsOptions {
  /** The built docs site; default: defaultDocsDir(). */
  docsDir?: string | undefined;
}

/**
 * GET /openapi.json serves the model's document; /docs/ the HTML reference and the guides beside
 * it (as a directory, so the reference's relative links to the guides resolve).
 */
export const registerDocs = (app: FastifyInstance, options: DocsOptions = {}) => {
  const root = options.docsDir ? resolve(options.docsDir) : defaultDocsDir();
  // Generated on the first request, not at start: generating it (and loading the generator) was a
  // tenth of the time a fresh server took to answer (D43).
  let document: Promise<string> | undefined;
  app.get('/openapi.json', async (_request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .send(
        await (document ??= import('@org/model/openapi').then((m) => JSON.stringify(m.openApiDocument()))),
      ),
  );
  // With trailing slashes ignored, the route /docs serves both /docs and /docs/ (index.html).
  app.get('/docs', async (request, reply) => serve(request, reply));
  app.get('/docs/*', async (request, reply) => serve(request, reply));
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    // The reference links to the guides relatively: it must be served from /docs/, not /docs.
    if (request.url.split('?')[0] === '/docs') return reply.redirect('/docs/', 301);
    const wanted = (request.params as { '*'?: string })['*'] || 'index.html';
    if (!root || !existsSync(join(root, 'index.html'))) {
      if (wanted === 'index.html')
        return reply.code(503).type('text/html; charset=utf-8').send(notBuilt(root));
      return reply.code(404).send({ detail: 'Not found.', code: 'not_found' });
    }
    const file = resolve(root, decodeURIComponent(wanted));
    // Never serve anything outside the docs directory.
    if (file !== root && !file.startsWith(root + sep))
      return reply.code(404).send({ detail: 'Not found.', code: 'not_found' });
    const target = existsSync(file) && statSync(file).isDirectory() ? resolve(file, 'index.html') : file;
    if (!existsSync(target)) return reply.code(404).send({ detail: 'Not found.', code: 'not_found' });
    return reply.type(TYPES[extname(target)] ?? 'application/octet-stream').send(readFileSync(target));
  };
};
