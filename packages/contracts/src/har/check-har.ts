import type { OpenApiDocument } from '../document/openapi-document.js';
import { judgeExchange } from '../exchange/judge-exchange.js';
import { judgedDocumentOf, publishedDocument } from '../exchange/judged-document.js';
import { type ExchangeReport, exchangeTally } from '../exchange/report.js';
import { readHarFile } from './read-har.js';

export interface CheckHarOptions {
  /** The OpenAPI 3.0 document; default the one published with @org/model. */
  readonly document?: OpenApiDocument;
  /** Response bodies as documented: a property the document does not declare is a finding. */
  readonly strict?: boolean;
}

/**
 * Judges every exchange of HAR captures against the document with the exchange engine: entries
 * whose path is not one of the API's are counted, not judged. Every file is read before any is
 * judged, so an unreadable one fails the run before it reports.
 */
export async function checkHar(
  files: readonly string[],
  options: CheckHarOptions = {},
): Promise<ExchangeReport> {
  const entries = files.map((file) => readHarFile(file));
  const judged = judgedDocumentOf(options.document ?? (await publishedDocument()));
  const strict = options.strict === true;
  const tally = exchangeTally({ sources: files, strict });
  for (const { exchange, origin } of entries.flat())
    tally.add(judgeExchange(judged, exchange, { strict }), origin);
  return tally.report();
}
