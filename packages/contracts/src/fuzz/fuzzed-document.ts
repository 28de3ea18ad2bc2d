import {
  type FuzzOperation,
  type OpenApiDocument,
  operationsOf,
  SchemaValidator,
} from '../document/openapi-document.js';
import type { FuzzOptions } from './types.js';

/** A document and the validator of its schemas. */
export interface ValidatedDocument {
  readonly doc: OpenApiDocument;
  readonly validator: SchemaValidator;
}

/**
 * The published document and its validator, made once per process: compiling the validators of
 * the document's schemas is a tenth of a run's CPU, and several runs in one process (a test file)
 * fuzz the same document. Never handed out, so nothing can change it between runs; a document
 * passed in `options.document` gets a validator of its own on every run.
 */
let defaultDocument: Promise<ValidatedDocument> | undefined;

function loadDefaultDocument(): Promise<ValidatedDocument> {
  return (defaultDocument ??= import('@org/model/openapi').then(({ openApiDocument }) => {
    const doc = openApiDocument() as unknown as OpenApiDocument;
    return { doc, validator: new SchemaValidator(doc) };
  })).catch((error: unknown) => {
    defaultDocument = undefined;
    throw error;
  });
}

/** The document a run fuzzes: the one passed in, or else the one published with @org/model. */
export function documentOf(options: FuzzOptions): Promise<ValidatedDocument> {
  if (!options.document) return loadDefaultDocument();
  return Promise.resolve({ doc: options.document, validator: new SchemaValidator(options.document) });
}

/** The operations of the document the options select; none is an error. */
export function operationsToFuzz(doc: OpenApiDocument, options: FuzzOptions): FuzzOperation[] {
  const ops = operationsOf(doc).filter(
    (op) => (!options.only || options.only.test(op.id)) && (!options.readOnly || op.method === 'GET'),
  );
  if (!ops.length) throw new Error('no operation to fuzz');
  return ops;
}
