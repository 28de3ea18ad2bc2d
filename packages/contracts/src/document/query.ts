/** A query parameter's value as the server reads it: the last one given wins. */
export function queryValue(
  req: { readonly query: ReadonlyArray<{ readonly name: string; readonly value: string }> },
  name: string,
): string | undefined {
  return req.query.findLast((q) => q.name === name)?.value;
}
