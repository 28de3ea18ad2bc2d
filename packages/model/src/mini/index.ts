/**
 * `@org/model/mini`: the record, request, response and error schemas of `@org/model`, built with zod
 * mini so a bundle keeps only the schemas it imports; see decision D73 (why mini is generated, and what it leaves out). Generated from the classic schemas; the
 * error table needs no zod at all.
 */
export * from '../error-codes.js';
export * from './schemas.generated.js';
