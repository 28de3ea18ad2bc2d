import type { ApiReleaseNotes, ReleaseNoteEntry } from './release-notes.js';

/** Around the generated section, so that recording a release again replaces it instead of adding one. */
export const API_CHANGES_START = '<!-- api-changes:start -->';
export const API_CHANGES_END = '<!-- api-changes:end -->';

/** Details beyond this are cut in the Markdown (whole patterns run to 600 characters); the JSON keeps them. */
const MAX_DETAIL = 120;

/** A code span that survives backticks in the text and Markdown formatters (prettier, which changesets runs). */
const code = (text: string): string => {
  const fence = text.includes('`') ? '``' : '`';
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
};

const detailOf = (detail: string | undefined): string => {
  if (detail === undefined) return '';
  const shown = detail.length > MAX_DETAIL ? `${detail.slice(0, MAX_DETAIL - 1)}…` : detail;
  return ` (${code(shown)})`;
};

const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

const operationList = (labels: readonly string[]): string => labels.map(code).join(', ');

/** Where in the API a change is, in the order the notes list them. */
const SUBJECTS = ['Operations', 'Parameters', 'Request bodies', 'Responses', 'Schemas'] as const;
type Subject = (typeof SUBJECTS)[number];

const subjectOf = (entry: ReleaseNoteEntry): Subject => {
  if (entry.schema !== undefined) return 'Schemas';
  if (entry.part === '') return 'Operations';
  if (/^\w+ parameter /.test(entry.part)) return 'Parameters';
  if (entry.part.startsWith('request body')) return 'Request bodies';
  return 'Responses';
};

interface Line {
  readonly sortKey: string;
  readonly text: string;
}

const groupKey = (entry: ReleaseNoteEntry): string =>
  JSON.stringify([entry.kind, entry.part, entry.detail ?? null]);

/**
 * One change made in the same place of many operations (a query parameter every analytics metric
 * takes, a status every operation gained) is one line naming all of them.
 */
const operationLines = (entries: readonly ReleaseNoteEntry[]): Line[] => {
  const groups = new Map<string, ReleaseNoteEntry[]>();
  for (const entry of entries) {
    const group = groups.get(groupKey(entry)) ?? [];
    group.push(entry);
    groups.set(groupKey(entry), group);
  }
  return [...groups.values()].map((group) => {
    const [first] = group as [ReleaseNoteEntry, ...ReleaseNoteEntry[]];
    const labels = group.map((e) => e.operation ?? e.where);
    const kind = `**${first.kind}**`;
    const sortKey = `${first.part} ${first.where}`;
    if (group.length === 1)
      return { sortKey, text: `${kind}: ${code(first.where)}${detailOf(first.detail)}` };
    if (first.part === '') return { sortKey, text: `${kind}: ${operationList(labels)}` };
    const where = `${code(first.part)}${detailOf(first.detail)}`;
    return {
      sortKey,
      text: `${kind}: ${where} in ${count(group.length, 'operation')}: ${operationList(labels)}`,
    };
  });
};

/** A change of a component schema is reported once, with the operations that send or receive it. */
const schemaLine = (entry: ReleaseNoteEntry): Line => {
  const users = entry.operations.map((o) => o.label);
  const verb = entry.schema?.direction === 'request' ? 'sent' : 'received';
  const seen = users.length === 0 ? '' : `; ${verb} in ${operationList(users)}`;
  return {
    sortKey: entry.where,
    text: `**${entry.kind}**: ${code(entry.where)}${detailOf(entry.detail)}${seen}`,
  };
};

const linesOf = (subject: Subject, entries: readonly ReleaseNoteEntry[]): string[] =>
  (subject === 'Schemas' ? entries.map(schemaLine) : operationLines(entries))
    .sort((a, b) => a.sortKey.localeCompare(b.sortKey))
    .map((line) => `- ${line.text}`);

/** The entries of one class, under a bold title per subject (headings would run six levels deep). */
const bySubject = (entries: readonly ReleaseNoteEntry[]): string[] =>
  SUBJECTS.flatMap((subject) => {
    const mine = entries.filter((e) => subjectOf(e) === subject);
    return mine.length === 0 ? [] : ['', `**${subject}**`, '', ...linesOf(subject, mine)];
  });

const heading = (level: number, text: string): string => `${'#'.repeat(level)} ${text}`;

const group = (level: number, title: string, entries: readonly ReleaseNoteEntry[]): string[] =>
  entries.length === 0 ? [] : ['', heading(level, `${title} (${entries.length})`), ...bySubject(entries)];

/** The blank line after the opening marker is prettier's (changesets formats CHANGELOG.md with it). */
const wrap = (lines: readonly string[]): string =>
  [API_CHANGES_START, '', ...lines, API_CHANGES_END].join('\n');

/**
 * The "API changes since <version>" section: breaking changes first, then the others, each naming the
 * operation, parameter or schema path and what changed. `level` is its heading's (2 in a release
 * notes file, 3 in a changesets CHANGELOG entry, whose version is a level-2 heading).
 */
export function formatApiChanges(notes: ApiReleaseNotes, level = 2): string {
  const since = notes.from ?? 'the previous release';
  const breaking = notes.entries.filter((e) => e.breaking);
  const other = notes.entries.filter((e) => !e.breaking);
  const summary =
    notes.entries.length === 0
      ? `No difference of the API (\`docs/openapi.json\`) from ${since}.`
      : `${count(notes.entries.length, 'difference')} of the API (\`docs/openapi.json\`) from ${since}, ${breaking.length} of them breaking, as the breaking-change gate finds them.`;
  return wrap([
    heading(level, `API changes since ${since}`),
    '',
    summary,
    ...group(level + 1, 'Breaking', breaking),
    ...group(level + 1, 'Non-breaking', other),
  ]);
}

/** The section of the first release: there is no earlier document to compare with. */
export function formatFirstRelease(level = 2): string {
  return wrap([
    heading(level, 'API changes'),
    '',
    'The first release of the API: no earlier document to compare with.',
  ]);
}
