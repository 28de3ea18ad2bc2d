import type { SchemaIssue } from '../document/openapi-document.js';
import { valueAt } from '../document/pointer.js';
import { pointerStep } from './decisions.js';
import type { ExchangeCheck, ExchangeFinding } from './types.js';

/** A value in a few characters, as a finding's `got` shows it. */
export function preview(value: unknown): string {
  if (value === undefined) return '(missing)';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** The JSON type of a value, as a schema's `type` names it. */
function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Where an issue is (the missing or extra property included) and what was expected there and found. */
function placeOf(issue: SchemaIssue, value: unknown): { pointer: string; expected: string; got: string } {
  const at = valueAt(value, issue.instancePath);
  const { params } = issue;
  switch (issue.keyword) {
    case 'required':
      return {
        pointer: `${issue.instancePath}/${pointerStep(String(params.missingProperty))}`,
        expected: 'present (required)',
        got: '(missing)',
      };
    case 'additionalProperties': {
      const name = String(params.additionalProperty);
      const extra = (at as Record<string, unknown> | undefined)?.[name];
      return {
        pointer: `${issue.instancePath}/${pointerStep(name)}`,
        expected: 'no property the document does not declare',
        got: preview(extra),
      };
    }
    case 'type':
      return {
        pointer: issue.instancePath,
        expected: String(params.type).split(',').join(' or '),
        got: `${jsonTypeOf(at)} ${preview(at)}`,
      };
    case 'enum':
      return {
        pointer: issue.instancePath,
        expected: `one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
        got: preview(at),
      };
    default:
      return { pointer: issue.instancePath, expected: issue.message, got: preview(at) };
  }
}

export interface IssueContext {
  readonly operationId: string;
  readonly check: ExchangeCheck;
  readonly status: number;
  /** The pointer of the value in the exchange (`/response/body`, `/request/body`). */
  readonly base: string;
  /** The decision of the rule at a pointer into the value. */
  readonly decisionAt: (pointer: string) => string | undefined;
}

/**
 * Schema issues as findings, one per place: a value that fails several branches of a union is one
 * finding, the first issue's.
 */
export function issueFindings(
  issues: readonly SchemaIssue[],
  value: unknown,
  context: IssueContext,
): ExchangeFinding[] {
  const byPointer = new Map<string, ExchangeFinding>();
  for (const issue of issues) {
    const { pointer, expected, got } = placeOf(issue, value);
    if (byPointer.has(pointer)) continue;
    const decision = context.decisionAt(pointer);
    byPointer.set(pointer, {
      operationId: context.operationId,
      check: context.check,
      status: context.status,
      pointer: `${context.base}${pointer}`,
      expected,
      got,
      ...(decision ? { decision } : {}),
      message: `${pointer || '(root)'} ${issue.message}`,
    });
  }
  return [...byPointer.values()];
}
