import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The built docs site: DOCS_DIR, or the copy the package's build puts in dist/docs/ (the docs site
 * the repository builds, `pnpm run docs`, shipped inside the package: an installed server has no
 * repository around it). The bundle's chunks all sit in dist/; from the sources (vitest, this
 * module in src/http/), the last build's.
 */
export function defaultDocsDir(from: string = fileURLToPath(import.meta.url)): string {
  if (process.env.DOCS_DIR) return resolve(process.env.DOCS_DIR);
  const here = dirname(from);
  return basename(here) === 'dist' ? join(here, 'docs') : join(here, '..', '..', 'dist', 'docs');
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
};

/**
 * 503, not a placeholder that looks like a reference: says what is missing and how to build it,
 * never where this machine's files are (the answer goes to whoever asks).
 */
const NOT_BUILT = `<!doctype html><html lang="en"><meta charset="utf-8"><title>API reference not built</title>
<h1>503: the API reference is not built</h1>
<p>This server has no built API reference: its docs directory (<code>DOCS_DIR</code>, or the one its
package ships) holds no <code>index.html</code>. In the server's repository,
<code>npx -y pnpm@10.34.9 build</code> builds the reference into the server's package (or set
<code>DOCS_DIR</code> to a built docs site); then reload.</p>
<p>The OpenAPI document is served meanwhile at <a href="/openapi.json">/openapi.json</a>.</p></html>`;

/** The seeded world's raw tokens, which the try-it console prefills. */
export interface TryTokens {
  organization: string;
  customer: string;
}

export interface DocsOptions {
  /** The built docs site; default: defaultDocsDir(). */
  docsDir?: string | undefined;
  /** With the sandbox on, the site's try-it console calls this server with the demo token. */
  tryTokens?: (() => TryTokens) | undefined;
}

/**
 * What the docs site's try-it console reads at /docs/sandbox.json: the token it prefills. Only a
 * sandbox answers it; a static copy of the site has none, and its console asks for a URL and a token.
 */
const trySettings = (tokens: TryTokens) => ({ token: tokens.organization, tokens });

/**
 * GET /openapi.json serves the model's document; /docs/ the HTML reference and the guides beside
 * it (as a directory, so the reference's relative links to the guides resolve).
 */
export function registerDocs(app: FastifyInstance, options: DocsOptions = {}): void {
  const root = options.docsDir ? resolve(options.docsDir) : defaultDocsDir();
  // Generated on the first request, not at start: generating it (and loading the generator) was a
  // tenth of the time a fresh server took to answer.
  let document: Promise<string> | undefined;
  app.get('/openapi.json', async function serveOpenApi(_request, reply) {
    document ??= import('@org/model/openapi').then((m) => JSON.stringify(m.openApiDocument()));
    return reply.type('application/json; charset=utf-8').send(await document);
  });
  const { tryTokens } = options;
  if (tryTokens) {
    app.get('/docs/sandbox.json', async function serveTrySettings(_request, reply) {
      return reply.header('cache-control', 'no-store').send(trySettings(tryTokens()));
    });
  }
  // With trailing slashes ignored, the route /docs serves both /docs and /docs/ (index.html).
  app.get('/docs', serveDocs);
  app.get('/docs/*', serveDocs);
  async function serveDocs(request: FastifyRequest, reply: FastifyReply) {
    // The reference links to the guides relatively: it must be served from /docs/, not /docs.
    if (request.url.split('?')[0] === '/docs') return reply.redirect('/docs/', 301);
    const wanted = (request.params as { '*'?: string })['*'] || 'index.html';
    if (!existsSync(join(root, 'index.html'))) {
      if (wanted === 'index.html') return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT);
      return reply.code(404).send({ detail: 'Not found.', code: 'not_found' });
    }
    const file = resolve(root, decodeURIComponent(wanted));
    // Never serve anything outside the docs directory.
    if (file !== root && !file.startsWith(root + sep))
      return reply.code(404).send({ detail: 'Not found.', code: 'not_found' });
    const target = existsSync(file) && statSync(file).isDirectory() ? resolve(file, 'index.html') : file;
    if (!existsSync(target)) return reply.code(404).send({ detail: 'Not found.', code: 'not_found' });
    return reply.type(TYPES[extname(target)] ?? 'application/octet-stream').send(readFileSync(target));
  }
}
