import { describe, expect, it } from 'vitest';
import { API_CHANGES_END, API_CHANGES_START } from '../scripts/lib/breaking/release-notes-markdown.js';
import { changelogEntry, topVersion, withApiChanges } from '../scripts/lib/release/changelog.js';

/**
 * packages/model/CHANGELOG.md after the first `changeset version`: changesets puts the new entry
 * right after the title line, so the file's introduction follows the entry.
 */
const FIRST_RELEASE = `# @org/model

## 1.0.0

### Major Changes

- 1a2b3c4: Hostile input: request strings carry \`maxLength\` 500.

  Major because the gate counts the new bounds as tightened request constraints.

### Patch Changes

- Updated dependencies [1a2b3c4]
  - @org/other@1.0.0

Release notes of each version are written here by changesets (\`pnpm changeset version\`).
`;

const section = (text: string) =>
  `${API_CHANGES_START}\n### API changes since 0.1.0\n\n${text}\n${API_CHANGES_END}`;

describe('changelogEntry', () => {
  it("is what changesets wrote for a version, without the file's introduction", () => {
    expect(changelogEntry(FIRST_RELEASE, '1.0.0')).toBe(
      [
        '### Major Changes',
        '',
        '- 1a2b3c4: Hostile input: request strings carry `maxLength` 500.',
        '',
        '  Major because the gate counts the new bounds as tightened request constraints.',
        '',
        '### Patch Changes',
        '',
        '- Updated dependencies [1a2b3c4]',
        '  - @org/other@1.0.0',
      ].join('\n'),
    );
  });

  it('is undefined for a version without an entry', () => {
    expect(changelogEntry(FIRST_RELEASE, '0.1.0')).toBeUndefined();
    expect(topVersion(FIRST_RELEASE)).toBe('1.0.0');
    expect(topVersion('# @org/model\n')).toBeUndefined();
  });
});

describe('withApiChanges', () => {
  const once = withApiChanges(FIRST_RELEASE, '1.0.0', section('One.'));

  it("appends the section to the top entry, after changesets' text and before the introduction", () => {
    expect(once).toBe(
      FIRST_RELEASE.replace('  - @org/other@1.0.0\n\n', `  - @org/other@1.0.0\n\n${section('One.')}\n\n`),
    );
  });

  it('replaces its own section when run again, so the entry holds one', () => {
    const twice = withApiChanges(once ?? '', '1.0.0', section('Two.'));
    expect(twice).toBe(withApiChanges(FIRST_RELEASE, '1.0.0', section('Two.')));
    expect(twice?.split(API_CHANGES_START)).toHaveLength(2);
    expect(withApiChanges(twice ?? '', '1.0.0', section('Two.'))).toBe(twice);
  });

  it('leaves the changelog alone when the top entry is another version', () => {
    expect(withApiChanges(FIRST_RELEASE, '1.1.0', section('x'))).toBeUndefined();
    expect(withApiChanges('# @org/model\n', '1.0.0', section('x'))).toBeUndefined();
  });

  it('extends only the newest entry of a later release, and reads entries without the old section', () => {
    const later = (once ?? '').replace(
      '# @org/model\n',
      '# @org/model\n\n## 1.1.0\n\n### Minor Changes\n\n- 9f8e7d6: A new field.\n',
    );
    const extended = withApiChanges(later, '1.1.0', section('Since 1.0.0.')) ?? '';
    expect(extended.indexOf('Since 1.0.0.')).toBeLessThan(extended.indexOf('## 1.0.0'));
    expect(extended).toContain('One.');
    expect(changelogEntry(extended, '1.1.0')).toBe('### Minor Changes\n\n- 9f8e7d6: A new field.');
    expect(changelogEntry(extended, '1.0.0')).toBe(changelogEntry(FIRST_RELEASE, '1.0.0'));
  });

  it('handles an entry without changes and a file that ends with it', () => {
    const bare = '# @org/model\n\n## 2.0.0\n';
    expect(withApiChanges(bare, '2.0.0', section('x'))).toBe(`# @org/model\n\n## 2.0.0\n\n${section('x')}\n`);
  });
});
