/**
 * A regular expression (source, unanchored, one non-capturing group) of the whole numbers 1..max
 * written without leading zeros: how the document bounds ids inside string parameters (id lists,
 * cursors), where `maximum` does not apply. Built from the digits of `max`: every shorter number,
 * then for each position the numbers that share max's prefix and have a smaller digit there.
 */
export function wholeNumbersUpTo(max: number): string {
  if (!Number.isSafeInteger(max) || max < 1) throw new Error(`not a positive whole number: ${max}`);
  const digits = String(max);
  const n = digits.length;
  const branches: string[] = n > 1 ? [`[1-9]\\d{0,${n - 2}}`] : [];
  for (let i = 0; i < n; i++) {
    const last = i === n - 1;
    const low = i === 0 ? 1 : 0;
    const high = Number(digits[i]) - (last ? 0 : 1);
    if (high < low) continue;
    const digit = low === high ? String(low) : `[${low}-${high}]`;
    const rest = n - i - 1;
    branches.push(`${digits.slice(0, i)}${digit}${rest === 0 ? '' : rest === 1 ? '\\d' : `\\d{${rest}}`}`);
  }
  return `(?:${branches.join('|')})`;
}
