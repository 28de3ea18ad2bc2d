import { referenceDocument } from '../scripts/lib/site/reference-model.js';
import { schemasPage } from '../scripts/lib/site/schema-page.js';

/** The generated pages of the reference besides the operations: the schemas. */
export default {
  paths() {
    return [{ params: { section: 'schemas' }, content: schemasPage(referenceDocument()) }];
  },
};
