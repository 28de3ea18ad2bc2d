import { endpoints, strictOf } from '@org/model';
import type { z } from 'zod/v4';
import { pointerStep } from './decisions.js';
import { preview } from './issues.js';
import { bodyRule, type ResponseUnderJudgement } from './response-rules.js';
import type { ExchangeFinding, Verdict } from './types.js';

/** The model's success schema of an operation and status: a zod schema, null (no body), or undefined (not the model's). */
function successSchemaOf(operationId: string, status: number): z.ZodType | null | undefined {
  if (!Object.hasOwn(endpoints, operationId)) return undefined;
  const success = endpoints[operationId as keyof typeof endpoints].success as Partial<
    Record<number, z.ZodType | null>
  >;
  return success[status];
}

/**
 * Judges a success body by the model's zod schema in its strict form (every unknown key and value
 * a violation), where the conformance runner checks a deployment against the model itself rather
 * than the document made from it. Each issue is a finding, its message the schema's (`results.0.
 * created_at: Invalid input: ...`); other bodies are judged by the document.
 */
export function modelBodies(subject: ResponseUnderJudgement): Verdict[] {
  const schema = successSchemaOf(subject.op.id, subject.status);
  if (!schema) return bodyRule(subject);
  const value = subject.json?.value;
  const parsed = strictOf(schema).safeParse(value);
  if (parsed.success) return [];
  const findings = parsed.error.issues.map((issue): ExchangeFinding => {
    const path = issue.path.map((step) => String(step));
    return {
      operationId: subject.op.id,
      check: 'response_schema_conformance',
      status: subject.status,
      pointer: `/response/body${path.map((step) => `/${pointerStep(step)}`).join('')}`,
      expected: issue.code,
      got: preview(path.reduce<unknown>((node, step) => (node as Record<string, unknown>)?.[step], value)),
      message: `${path.join('.') || '(root)'}: ${issue.message}`,
    };
  });
  return [{ check: 'response_schema_conformance', message: findings[0]!.message, findings }];
}
