import { isObject } from './json.js';

/** The steps of a JSON pointer (`/results/0/id`), unescaped. */
function stepsOf(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The value a JSON pointer names in a JSON value; undefined where any step is missing. */
export function valueAt(value: unknown, pointer: string): unknown {
  let current = value;
  for (const step of stepsOf(pointer)) {
    if (Array.isArray(current)) current = /^\d+$/.test(step) ? current[Number(step)] : undefined;
    else if (isObject(current)) current = current[step];
    else return undefined;
  }
  return current;
}

/** The same place as a jq path (`.results[0].id`), for the curl scripts. */
export function jqPathOf(pointer: string): string {
  const path = stepsOf(pointer)
    .map((s) => (/^\d+$/.test(s) ? `[${s}]` : /^[A-Za-z_]\w*$/.test(s) ? `.${s}` : `[${JSON.stringify(s)}]`))
    .join('');
  return path.startsWith('.') ? path : `.${path}`;
}
