import { fullFormats } from 'ajv-formats/dist/formats.js';
import { describe, expect, it } from 'vitest';
import { SchemaValidator } from './openapi-document.js';

const dateTime = { type: 'string', format: 'date-time' };
const validator = new SchemaValidator({ paths: {} });
const ajvFormats = fullFormats['date-time'] as { validate: (value: string) => boolean };

describe("SchemaValidator's date-time", () => {
  it('judges every value as ajv-formats does, the model’s timestamps first by character', () => {
    const values = [
      // The model's timestamps (D15), real and not.
      '2024-03-14T09:26:53.589793Z',
      '2024-02-29T23:59:59.000000Z',
      '2023-02-29T10:00:00.000000Z',
      '2024-04-31T10:00:00.000000Z',
      '2024-13-01T10:00:00.000000Z',
      '2024-03-14T24:00:00.000000Z',
      '2024-03-14T09:60:53.589793Z',
      '2024-03-14T09:26:53.58979Z',
      '2024-03-14T09:26:53.589793',
      '2024-03-14 09:26:53.589793Z',
      '2024-03-14T09:26:5a.589793Z',
      // RFC 3339 beyond them: offsets, other fractions, a leap second, lower case.
      '2024-03-14T09:26:53Z',
      '2024-03-14T09:26:53+01:00',
      '2024-03-14T09:26:53.5-05:30',
      '2016-12-31T23:59:60Z',
      '2024-03-14t09:26:53z',
      '2024-03-14',
      '',
    ];
    const judged = values.map((value) => [value, validator.valid(dateTime, value)]);
    expect(judged).toEqual(values.map((value) => [value, ajvFormats.validate(value)]));
    // Both kinds occur: the comparison is not of a format that accepts or rejects everything.
    expect(new Set(judged.map(([, valid]) => valid))).toEqual(new Set([true, false]));
  });
});
