import { APPLIED_RULES, EXEMPTIONS, serverRuleExplaining } from '../document/server-rules.js';
import type { Exchange, FuzzExemption } from './types.js';

/**
 * The id of the server rule that explains a 400 to a request the document calls valid. Only such
 * answers are excused: a rule never hides a crash, a leak or a wrong body.
 */
export function excusingRule(exchange: Exchange): string | undefined {
  if (exchange.req.kind !== 'valid') return undefined;
  return serverRuleExplaining(exchange);
}

/** The report's list of rules: each exemption with the answers it excused, then the rules applied as checks. */
export function exemptionsReport(excused: ReadonlyArray<string | undefined>): FuzzExemption[] {
  return [
    ...EXEMPTIONS.map((e) => ({
      id: e.id,
      rule: e.rule,
      applied: excused.filter((id) => id === e.id).length,
    })),
    ...APPLIED_RULES.map((r) => ({ ...r, applied: 0 })),
  ];
}
