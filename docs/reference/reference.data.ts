import { operationPath } from '../scripts/lib/site/links.js';
import { referenceOperations, referenceTags } from '../scripts/lib/site/reference-model.js';

/** The operations by tag, for the overview page (links are site paths; the page adds the base). */
export default {
  load() {
    const operations = referenceOperations();
    return {
      tags: referenceTags().map((tag) => ({
        name: tag.name,
        slug: tag.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
        description: tag.description,
        operations: operations
          .filter((op) => op.tag === tag.name)
          .map((op) => ({
            id: op.id,
            summary: String(op.operation.summary ?? op.id),
            method: op.method,
            path: op.path,
            href: `${operationPath(op.id)}.html`,
          })),
      })),
    };
  },
};
