import { readFileSync } from 'node:fs';
import {
  type OpenApiDocument,
  operationsOf,
  type Schema,
  type SchemaReading,
  SchemaValidator,
} from '../document/openapi-document.js';
import { type OperationIndex, operationIndexOf } from './operation-match.js';

/** A document ready to judge exchanges: its operations by path and method, and its validators. */
export interface JudgedDocument {
  readonly doc: OpenApiDocument;
  readonly operations: OperationIndex;
  /** The common error body, which an error status the operation does not document still owes. */
  readonly errorBody: Schema | undefined;
  /** The validator of the document's schemas read one way (compiled on first use, then kept). */
  validator(reading: SchemaReading): SchemaValidator;
}

const prepared = new WeakMap<OpenApiDocument, JudgedDocument>();

function prepare(doc: OpenApiDocument): JudgedDocument {
  const validators = new Map<SchemaReading, SchemaValidator>();
  return {
    doc,
    operations: operationIndexOf(operationsOf(doc)),
    errorBody: doc.components?.schemas?.ErrorBody ? { $ref: '#/components/schemas/ErrorBody' } : undefined,
    validator(reading) {
      let validator = validators.get(reading);
      if (!validator) {
        validator = new SchemaValidator(doc, reading);
        validators.set(reading, validator);
      }
      return validator;
    },
  };
}

/**
 * A document prepared for judging, once per document object: compiling its schemas is most of the
 * cost of judging the first exchange, and a proxy or a HAR judges thousands against one document.
 */
export function judgedDocumentOf(doc: OpenApiDocument): JudgedDocument {
  let judged = prepared.get(doc);
  if (!judged) {
    judged = prepare(doc);
    prepared.set(doc, judged);
  }
  return judged;
}

let published: Promise<OpenApiDocument> | undefined;

/** The OpenAPI document published with @org/model (docs/openapi.json), read once per process. */
export function publishedDocument(): Promise<OpenApiDocument> {
  return (published ??= import('@org/model/openapi').then(
    ({ openApiDocument }) => openApiDocument() as unknown as OpenApiDocument,
  )).catch((error: unknown) => {
    published = undefined;
    throw error;
  });
}

/** An OpenAPI 3.0 document from a JSON file; an unreadable file, or one that is no document, throws naming it. */
export function readDocumentFile(file: string): OpenApiDocument {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read the OpenAPI document ${file}: ${(error as Error).message}`);
  }
  const paths = (parsed as { paths?: unknown } | null)?.paths;
  if (typeof paths !== 'object' || paths === null)
    throw new Error(`${file} is not an OpenAPI document: it has no paths`);
  return parsed as OpenApiDocument;
}
