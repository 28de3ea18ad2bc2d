import { API_CHANGES_END, API_CHANGES_START } from '../breaking/release-notes-markdown.js';

/**
 * Reading and extending a CHANGELOG.md as changesets writes it (`changeset version`, default
 * changelog): "# <package>" on the first line, then one "## <version>" entry per release, newest
 * first, each holding "### Major|Minor|Patch Changes" lists whose items continue on lines indented by
 * two spaces. Changesets inserts a new entry right after the first line, so whatever followed the
 * title before the first release ends up after that release's entry.
 */

const VERSION_HEADING = /^## +(\S+)\s*$/;
/** A heading of level 1 or 2 ends an entry; "###" and deeper belong to it. */
const ENTRY_END = /^#{1,2} /;

interface Entry {
  readonly version: string;
  /** Line index of the "## <version>" heading. */
  readonly heading: number;
  /** Line index after the entry's last line (the next entry's heading, or the end). */
  readonly end: number;
}

const entries = (lines: readonly string[]): Entry[] => {
  const found: Entry[] = [];
  lines.forEach((line, index) => {
    const version = VERSION_HEADING.exec(line)?.[1];
    if (version !== undefined) found.push({ version, heading: index, end: lines.length });
  });
  return found.map((entry, i) => ({ ...entry, end: found[i + 1]?.heading ?? entry.end }));
};

/** The lines of a generated section, markers included, within [from, to); undefined when there is none. */
const markedSection = (lines: readonly string[], from: number, to: number) => {
  const start = lines.findIndex((line, i) => i >= from && i < to && line.trim() === API_CHANGES_START);
  if (start === -1) return undefined;
  const end = lines.findIndex((line, i) => i > start && i < to && line.trim() === API_CHANGES_END);
  return { start, end: end === -1 ? start + 1 : end + 1 };
};

/** What changesets wrote in an entry: sub-headings, list items, their indented continuations, blanks. */
const isGeneratedLine = (line: string): boolean =>
  line.trim() === '' || /^#{3,} /.test(line) || /^[-*] /.test(line) || /^\s/.test(line);

/** Where changesets' text of an entry ends: its last generated line, before any text that is not its own. */
const endOfGenerated = (lines: readonly string[], entry: Entry): number => {
  let last = entry.heading;
  for (let i = entry.heading + 1; i < entry.end; i++) {
    const line = lines[i] ?? '';
    if (ENTRY_END.test(line) || !isGeneratedLine(line)) break;
    if (line.trim() !== '') last = i;
  }
  return last + 1;
};

/** The version of the top (newest) entry, if the file has one. */
export function topVersion(changelog: string): string | undefined {
  return entries(changelog.split('\n'))[0]?.version;
}

/**
 * The text changesets wrote for `version`, without its heading, for the release notes; it ends before
 * the first line changesets does not write (a generated API section, the file's old introduction).
 * Undefined when the changelog has no entry for the version.
 */
export function changelogEntry(changelog: string, version: string): string | undefined {
  const lines = changelog.split('\n');
  const entry = entries(lines).find((e) => e.version === version);
  if (!entry) return undefined;
  return lines
    .slice(entry.heading + 1, endOfGenerated(lines, entry))
    .join('\n')
    .trim();
}

/**
 * The changelog with `section` at the end of the top entry's generated text, when the top entry is
 * `version`'s; undefined otherwise (the release is not the newest entry: nothing to add to). A section
 * from an earlier run is replaced, so recording a release twice leaves one.
 */
export function withApiChanges(changelog: string, version: string, section: string): string | undefined {
  const lines = changelog.split('\n');
  const top = entries(lines)[0];
  if (!top || top.version !== version) return undefined;
  const previous = markedSection(lines, top.heading + 1, top.end);
  if (previous) {
    return [...lines.slice(0, previous.start), ...section.split('\n'), ...lines.slice(previous.end)].join(
      '\n',
    );
  }
  const at = endOfGenerated(lines, top);
  const rest = lines.slice(at);
  const following = rest.findIndex((line) => line.trim() !== '');
  // One blank line on either side of the section, and the file still ends with a newline.
  const after = following === -1 ? [''] : ['', ...rest.slice(following)];
  return [...lines.slice(0, at), '', ...section.split('\n'), ...after].join('\n');
}
