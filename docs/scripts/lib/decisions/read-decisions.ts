import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * API decisions are what the OpenAPI document marks with `x-um-decision` and every client relies on;
 * engineering records are how the reference server and the packages are built. They live in two
 * folders so a reader of the API never has to sort the one from the other.
 */
export const DECISION_KINDS = ['api', 'engineering'] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];

export interface DecisionFile {
  /** `D12` */
  readonly id: string;
  readonly number: number;
  readonly title: string;
  readonly kind: DecisionKind;
  /** The short form, on API decisions only: the same text as `DECISIONS` in @org/model. */
  readonly summary: string | undefined;
  readonly status: string;
  /** Relative to the decisions folder, with `/`: `api/0012-write-requests.md`. */
  readonly path: string;
  readonly text: string;
}

/** The value of a `Name: value` line of the header, or undefined when the file has none. */
export function headerField(text: string, name: string): string | undefined {
  return text.match(new RegExp(`^${name}: (.+)$`, 'm'))?.[1]?.trim();
}

/** Parses one decision file; throws naming the file when its header is not the expected shape. */
export function parseDecision(path: string, kind: DecisionKind, text: string): DecisionFile {
  const heading = text.match(/^# (D\d+)\. (.+)$/m);
  const id = headerField(text, 'Id');
  if (!heading || !id) throw new Error(`${path}: needs a "# D<n>. Title" line and an "Id: D<n>" line`);
  return {
    id,
    number: Number(id.slice(1)),
    title: heading[2]!.trim(),
    kind,
    summary: headerField(text, 'Summary'),
    status: headerField(text, 'Status') ?? '',
    path,
    text,
  };
}

/** Every decision file of both folders, ordered by number. */
export async function readDecisions(dir: string): Promise<DecisionFile[]> {
  const all: DecisionFile[] = [];
  for (const kind of DECISION_KINDS)
    for (const name of (await readdir(join(dir, kind))).filter((n) => n.endsWith('.md')).sort())
      all.push(parseDecision(`${kind}/${name}`, kind, await readFile(join(dir, kind, name), 'utf8')));
  return all.sort((a, b) => a.number - b.number);
}
