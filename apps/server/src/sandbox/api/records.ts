import { ANALYTICS_METRIC_NAMES, dataPointSchemaFor, resourceOfTable } from '@org/model';
import { z } from 'zod';
import {
  dataPointInputSchemaFor,
  SANDBOX_RECORD_INPUTS,
  type SandboxRecordResource,
} from './record-inputs.js';

/*
 * What the record endpoints take and answer. One endpoint serves every table (`{resource}`) and
 * one every metric (`{metric}`): a request's body is parsed as the one its path names, and the
 * document describes the body and the answer as any of them.
 */

/** The tables a record can be made in, as the path names them. */
export const RECORD_TABLES = Object.keys(SANDBOX_RECORD_INPUTS) as [
  SandboxRecordResource,
  ...SandboxRecordResource[],
];

/** The record of a table as the API's GET renders it: the model's registry says which. */
function recordSchemaOf(table: SandboxRecordResource): z.ZodType {
  return resourceOfTable(table)![1].record as z.ZodType;
}

export const AnyRecordInputSchema = z
  .union(RECORD_TABLES.map((table) => SANDBOX_RECORD_INPUTS[table]))
  .describe(
    'The record of the table the path names, as the API renders it, without what the server derives.',
  );
export const AnyRecordSchema = z.union(RECORD_TABLES.map(recordSchemaOf));
export type SandboxRecord = z.output<typeof AnyRecordSchema>;

/** The schemas that differ, first of each: metrics of one kind take the same body. */
function distinct<S extends z.ZodType>(schemas: readonly S[]): S[] {
  const byJson = new Map<string, S>();
  for (const schema of schemas) {
    const json = JSON.stringify(z.toJSONSchema(schema, { unrepresentable: 'any' }));
    if (!byJson.has(json)) byJson.set(json, schema);
  }
  return [...byJson.values()];
}

/** Every metric's input, each form once: built when the document is, not at every start. */
export const AnyDataPointInputSchema = z
  .lazy(() => z.union(distinct(ANALYTICS_METRIC_NAMES.map(dataPointInputSchemaFor))))
  .describe(
    'A data point of the metric the path names: the data point as its metric records it, what the sandbox fills in optional.',
  );
export const AnyDataPointSchema = z.union(ANALYTICS_METRIC_NAMES.map(dataPointSchemaFor));
export type SandboxDataPoint = z.output<typeof AnyDataPointSchema>;
