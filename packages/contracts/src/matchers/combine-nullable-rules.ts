import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface RuleList {
  combine?: string;
  matchers?: Array<{ match?: string }>;
}

/** True for a rule list that pairs a matcher with `null`: a nullable field. */
const isNullableRuleList = (value: unknown): value is RuleList =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as RuleList).matchers) &&
  (value as RuleList).matchers!.length > 1 &&
  (value as RuleList).matchers!.some((m) => m.match === 'null');

/** Walks any JSON value and flips nullable rule lists to OR; returns how many it changed. */
const combineIn = (value: unknown): number => {
  if (Array.isArray(value)) return value.reduce<number>((n, v) => n + combineIn(v), 0);
  if (typeof value !== 'object' || value === null) return 0;
  let changed = 0;
  if (isNullableRuleList(value) && value.combine !== 'OR') {
    value.combine = 'OR';
    changed++;
  }
  for (const child of Object.values(value)) changed += combineIn(child);
  return changed;
};

/**
 * `pactMatchersFor` writes a nullable field as two matchers, the field's own and `null`. Pact's
 * writer stores such a list with `"combine": "AND"`, which no value satisfies; the Pact
 * specification (V3+) allows `"combine": "OR"`, which the verifier honours. This turns every such
 * list in a pact document into OR. Lists without a `null` matcher are left alone.
 */
export function combineNullableRulesInPact<T>(pact: T): T {
  combineIn((pact as { interactions?: unknown }).interactions);
  return pact;
}

/** Applies `combineNullableRulesInPact` to every pact file in a directory; returns the files changed. */
export function combineNullableRules(pactDir: string): string[] {
  const changed: string[] = [];
  for (const name of readdirSync(pactDir).filter((f) => f.endsWith('.json'))) {
    const file = join(pactDir, name);
    const pact = JSON.parse(readFileSync(file, 'utf8')) as { interactions?: unknown };
    if (combineIn(pact.interactions) > 0) {
      writeFileSync(file, `${JSON.stringify(pact, null, 2)}\n`);
      changed.push(file);
    }
  }
  return changed;
}
