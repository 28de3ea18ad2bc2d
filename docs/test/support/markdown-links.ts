import { access, readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * Relative link targets of a Markdown text, inline (`[text](target)`) and reference definitions
 * (`[label]: target`, as the decisions link the decisions they cite); web links, mail links and
 * in-page anchors excluded.
 */
export function relativeLinks(markdown: string): string[] {
  return [...markdown.replace(/```[\s\S]*?```/g, '').matchAll(/\]\(([^)\s]+)\)|^\[[^\]]+\]: (\S+)/gm)]
    .map((m) => m[1] ?? m[2] ?? '')
    .filter((target) => !/^(?:[a-z]+:|#)/i.test(target))
    .map((target) => decodeURI(target.split('#')[0] ?? ''));
}

/** The Markdown files of a directory and of its guides/ and decisions/ subdirectories. */
export async function markdownFilesIn(root: string): Promise<string[]> {
  const files: string[] = [];
  const decisions = join(root, 'decisions');
  for (const dir of [
    root,
    join(root, 'guides'),
    decisions,
    join(decisions, 'api'),
    join(decisions, 'engineering'),
  ]) {
    const entries = await readdir(dir).catch(() => [] as string[]);
    files.push(...entries.filter((f) => f.endsWith('.md')).map((f) => join(dir, f)));
  }
  return files;
}

/** Every "file -> target" link under root whose target does not exist (unless `allow` accepts it). */
export async function brokenLinks(root: string, allow: (target: string) => boolean = () => false) {
  const broken: string[] = [];
  for (const file of await markdownFilesIn(root)) {
    for (const link of relativeLinks(await readFile(file, 'utf8'))) {
      const target = resolve(dirname(file), link);
      const shown = relative(root, target);
      if (allow(shown)) continue;
      await access(target).catch(() => broken.push(`${relative(root, file)} -> ${link}`));
    }
  }
  return broken;
}
