import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { openApiDocument } from '@org/model/openapi';
import type { FastifyInstance } from 'fastify';

/** The built HTML reference (docs/dist/index.html, `pnpm docs`), found from the workspace. */
const referenceHtml = (): string | null => {
  const candidates = [process.env.DOCS_HTML_PATH, new URL('../../../../docs/dist/index.html', import.meta.url).pathname];
  try {
    const require = createRequire(import.meta.url);
    candidates.push(require.resolve('@org/docs/dist/index.html'));
  } catch {
    // @org/docs is not installed beside the server: only the built file paths above apply.
  }
  const file = candidates.find((c): c is string => !!c && existsSync(c));
  return file ? readFileSync(file, 'utf8') : null;
};

/** GET /openapi.json serves the model's document; GET /docs the HTML reference built from it. */
export const registerDocs = (app: FastifyInstance) => {
  const document = JSON.stringify(openApiDocument());
  app.get('/openapi.json', async (_request, reply) => reply.type('application/json; charset=utf-8').send(document));
  app.get('/docs', async (_request, reply) => {
    const html = referenceHtml();
    if (html) return reply.type('text/html; charset=utf-8').send(html);
    return reply
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><title>API reference</title><p>The HTML reference is not built yet: run <code>pnpm docs</code>. The OpenAPI document is at <a href="/openapi.json">/openapi.json</a>.</p>',
      );
  });
};
