/**
 * The breaking-change gate and the model's parsing agree (D30): every change to a response body that
 * the gate lets through as non-breaking is one the model's default (tolerant) parsing survives, and
 * one its strict parsing (the project's own conformance checks) reports.
 */
import { readFileSync } from 'node:fs';
import { endpoints, operatorExample, strictOf } from '@org/model';
import { describe, expect, it } from 'vitest';
import { diffDocuments } from '../scripts/lib/breaking/diff-documents.js';
import type { Json } from '../scripts/lib/breaking/types.js';
import { OPENAPI_JSON } from '../scripts/lib/paths.js';

const published = (): Json => JSON.parse(readFileSync(OPENAPI_JSON, 'utf8'));
const operatorOf = (doc: Json) =>
  (
    doc as {
      components: {
        schemas: Record<string, Json & { properties: Record<string, Json>; required: string[] }>;
      };
    }
  ).components.schemas.Operator!;

interface ResponseChange {
  /** The kind the gate reports. */
  readonly kind: string;
  /** The change to the document (the Operator record, served by getOperator). */
  readonly change: (operator: ReturnType<typeof operatorOf>) => void;
  /** A body a server with that document may send. */
  readonly body: Record<string, unknown>;
}

const GROWTH: ResponseChange[] = [
  {
    kind: 'optional property added',
    change: (o) => {
      o.properties.team = { type: 'string' };
    },
    body: { ...operatorExample, team: 'support' },
  },
  {
    kind: 'required property added',
    change: (o) => {
      o.properties.team = { type: 'string' };
      o.required.push('team');
    },
    body: { ...operatorExample, team: 'support' },
  },
  {
    kind: 'enum value added',
    change: (o) => {
      (o.properties.role!.enum as string[]).push('supervisor');
    },
    body: { ...operatorExample, role: 'supervisor' },
  },
  {
    kind: 'enum restriction removed',
    change: (o) => {
      delete o.properties.role!.enum;
    },
    body: { ...operatorExample, role: 'auditor' },
  },
  {
    kind: 'additional properties allowed',
    change: (o) => {
      delete o.additionalProperties;
    },
    body: { ...operatorExample, shift: 'late' },
  },
];

const schema = endpoints.getOperator.success[200];

const gateVerdictOf = (change: ResponseChange['change']) => {
  const after = published();
  change(operatorOf(after));
  return diffDocuments(published(), after);
};

describe.each(GROWTH)('a response change the gate calls non-breaking: $kind', ({ kind, change, body }) => {
  it('is non-breaking for the gate', () => {
    const changes = gateVerdictOf(change);
    expect(changes.map((c) => c.kind)).toContain(kind);
    expect(changes.filter((c) => c.class === 'breaking')).toEqual([]);
  });

  it('parses with the model by default, and strict parsing reports it', () => {
    expect(schema.safeParse(body).error?.issues).toBeUndefined();
    expect(strictOf(schema).safeParse(body).success).toBe(false);
  });
});

describe('and the other way round', () => {
  it('a field removed from a response is breaking for the gate and fails tolerant parsing too', () => {
    const changes = gateVerdictOf((o) => {
      delete o.properties.locale;
      o.required = o.required.filter((name) => name !== 'locale');
    });
    expect(changes.some((c) => c.class === 'breaking' && c.kind === 'property removed')).toBe(true);
    const { locale: _removed, ...body } = operatorExample;
    expect(schema.safeParse(body).success).toBe(false);
  });
});
