import { isObject } from '../document/json.js';
import { jqPathOf } from '../document/pointer.js';
import { curlArguments, shellQuote } from './curl.js';
import type { FuzzRequest } from './generate.js';
import { withValue } from './stateful/bindings.js';
import type { FuzzStep, StepBinding } from './types.js';

/** The shell variable of a bound value: step and pointer (`S1_ID`, `S1_RESULTS_3_ID`). */
function variableOf(binding: StepBinding): string {
  return `S${binding.step + 1}${binding.pointer.replace(/[^A-Za-z0-9]+/g, '_').toUpperCase()}`;
}

const MARKER = /__FUZZ_([A-Z0-9_]+)__/;

/** Quotes a value with the markers in it spliced in as "$VARIABLE". */
function quoteSpliced(value: string): string {
  const words = value.split(MARKER).map((part, i) => (i % 2 ? `"$${part}"` : part ? shellQuote(part) : ''));
  return words.join('') || "''";
}

/** The concrete value a binding put into the request (to know whether a body value is a number). */
function concreteValue(req: FuzzRequest, into: string): unknown {
  const [where, name = ''] = into.split(/:(.*)/);
  if (where === 'path') return req.pathParams[name];
  if (where === 'query') return req.query.find((q) => q.name === name)?.value;
  return isObject(req.body?.json) ? req.body.json[name] : undefined;
}

/** The step's request with a marker where each bound value goes (a JSON number stays unquoted). */
function markedRequest(step: FuzzStep): FuzzRequest {
  let req = step.request;
  for (const binding of step.bindings) {
    const marker = `__FUZZ_${variableOf(binding)}__`;
    const numeric = typeof concreteValue(step.request, binding.into) === 'number';
    req = withValue(req, binding.into, marker);
    if (numeric && req.body)
      req = { ...req, body: { ...req.body, text: req.body.text.replace(`"${marker}"`, marker) } };
  }
  return req;
}

/** The lines of one step: its bound values read from earlier bodies, the curl, its body kept if needed. */
function stepLines(
  step: FuzzStep,
  index: number,
  needed: ReadonlySet<number>,
  defined: Set<string>,
): string[] {
  const variables = [...new Map(step.bindings.map((b) => [variableOf(b), b])).entries()].filter(
    ([name]) => !defined.has(name) && defined.add(name),
  );
  const token = step.token === 'other' ? 'OTHER_API_TOKEN' : 'API_TOKEN';
  return [
    '',
    `# ${index + 1}. ${step.role} (${step.request.operationId}), expects: ${step.expect}`,
    ...variables.map(
      ([name, b]) => `${name}=$(jq -r ${shellQuote(jqPathOf(b.pointer))} <<<"$B${b.step + 1}")`,
    ),
    `step ${curlArguments(step.origin, markedRequest(step), quoteSpliced, token).join(' ')}`,
    ...(needed.has(index) ? [`B${index + 1}=$BODY`] : []),
  ];
}

const PRELUDE = [
  'set -u',
  '# Prints the status and the start of the body of a step; keeps the body in $BODY.',
  'step() {',
  '  local out',
  `  out=$(curl -sS --globoff --path-as-is -w '\\n%{http_code}' "$@") || return 1`,
  `  BODY=\${out%$'\\n'*}`,
  `  echo "  HTTP \${out##*$'\\n'}  \${BODY:0:300}"`,
  '}',
];

/**
 * A sequence as a bash script: one curl a step, the values that later steps take from earlier
 * answers read with jq into shell variables. The tokens are read from $API_TOKEN and $OTHER_API_TOKEN.
 */
export function scriptOf(steps: readonly FuzzStep[], comments: readonly string[]): string {
  const needed = new Set(steps.flatMap((s) => s.bindings.map((b) => b.step)));
  const defined = new Set<string>();
  return [
    '#!/usr/bin/env bash',
    ...comments.map((c) => `# ${c.replace(/\n/g, ' ')}`),
    '# Needs curl and jq; set API_TOKEN (and OTHER_API_TOKEN where a step says so). The last step shows the finding.',
    ...PRELUDE,
    ...steps.flatMap((step, i) => stepLines(step, i, needed, defined)),
    '',
  ].join('\n');
}
