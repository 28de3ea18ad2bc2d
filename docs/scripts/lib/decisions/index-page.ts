import type { DecisionFile } from './read-decisions.js';

const KIND_LABEL = { api: 'API', engineering: 'engineering' } as const;

/** A Markdown table padded the way the repository's formatter (biome) prints it. */
const alignedTable = (head: string[], rows: string[][]): string[] => {
  const widths = head.map((h, i) => Math.max(3, h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
};

/** Ids below the highest that have no file: numbers given out once and never recorded. */
export function unusedIds(decisions: readonly DecisionFile[]): string[] {
  const used = new Set(decisions.map((d) => d.number));
  const highest = Math.max(...used);
  return Array.from({ length: highest }, (_, i) => i + 1)
    .filter((n) => !used.has(n))
    .map((n) => `D${n}`);
}

/**
 * docs/decisions/README.md, generated from the files (`pnpm generate`) so the index cannot drift
 * from them; docs/test/decisions.test.ts fails while the committed one is stale.
 */
export function decisionsIndex(decisions: readonly DecisionFile[]): string {
  const api = decisions.filter((d) => d.kind === 'api').length;
  const rows = decisions.map((d) => [
    d.id,
    `[${d.title.replace(/\|/g, '\\|')}](${d.path})`,
    KIND_LABEL[d.kind],
  ]);
  const unused = unusedIds(decisions);
  return `${[
    '# Decisions',
    '',
    '<!-- Generated from the files beside it by `pnpm generate`; do not edit. -->',
    '',
    'The two API descriptions leave many things open ("not shown"). Each choice was taken once and has',
    'one file here, with its context, the decision and its consequences. The file name carries the',
    'number (`0012-….md` is D12); ids are never reused.',
    '',
    `- **API decisions** (${api}, in \`api/\`): what every client of the API can rely on. The OpenAPI`,
    '  document marks the schemas, parameters and operations they decide with',
    '  `x-um-decision: D<n>`, and their short form is `DECISIONS` in `packages/model/src/decisions.ts`.',
    '  They change only with a changeset.',
    `- **Engineering records** (${decisions.length - api}, in \`engineering/\`): how the reference`,
    '  server, the packages and the tooling are built. They bind no client and are never marked in the',
    '  document.',
    '',
    'They live in two folders because they have two audiences and two lifecycles: a client author reads',
    'api/ only, and an engineering record can change with the code it describes without touching the',
    'contract. `docs/test/decisions.test.ts` ties the registries together: every id the OpenAPI',
    'documents mark has a file in api/, every file in api/ has the same summary as `DECISIONS`, and',
    'this index is the one these files generate.',
    '',
    ...alignedTable(['Id', 'Title', 'Kind'], rows),
    '',
    ...(unused.length
      ? [`Ids with no decision recorded (never used, or never written down): ${unused.join(', ')}.`, '']
      : []),
    '## Adding a decision',
    '',
    'Copy a file of the same kind, take the next number, and keep the header lines (`Id`, `Kind`,',
    '`Status`, and `Summary` for an API decision). For an API decision add the same summary to',
    '`DECISIONS` in `packages/model/src/decisions.ts`, mark the document with `decided(...)`, and add a',
    'changeset. Then run `pnpm generate` to rewrite this index.',
  ].join('\n')}\n`;
}
