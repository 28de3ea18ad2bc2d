import { readDecisions } from '../../scripts/lib/decisions/read-decisions.js';
import { DECISIONS_DIR } from '../../scripts/lib/paths.js';
import { operationPage } from '../../scripts/lib/site/operation-page.js';
import { referenceDocument, referenceOperations } from '../../scripts/lib/site/reference-model.js';

/** One page per operation of the endpoint table: its permalink, reference and code samples. */
export default {
  async paths() {
    const doc = referenceDocument();
    const decisions = await readDecisions(DECISIONS_DIR);
    return referenceOperations(doc).map((op) => ({
      params: { operationId: op.id, title: String(op.operation.summary ?? op.id) },
      content: operationPage(doc, op, decisions),
    }));
  },
};
