import { describe, expect, it } from 'vitest';
import { renderReleaseNotes } from '../scripts/lib/release/notes-file.js';

describe('renderReleaseNotes', () => {
  it("holds each package's changelog entry under its name, then the API changes", () => {
    const text = renderReleaseNotes({
      version: '1.1.0',
      packages: [
        { name: '@org/model', entry: '### Minor Changes\n\n- abc1234: A new field.' },
        { name: '@org/client', entry: '' },
      ],
      apiChanges: '<!-- api-changes:start -->\n\n## API changes since 1.0.0\n<!-- api-changes:end -->',
    });
    expect(text).toBe(
      [
        '# Release 1.1.0',
        '',
        'Released together as 1.1.0: `@org/model`, `@org/client`.',
        '',
        '## @org/model',
        '',
        '### Minor Changes',
        '',
        '- abc1234: A new field.',
        '',
        '## @org/client',
        '',
        '_No changes of its own._',
        '',
        '<!-- api-changes:start -->',
        '',
        '## API changes since 1.0.0',
        '<!-- api-changes:end -->',
        '',
      ].join('\n'),
    );
  });

  it('says so when no package changelog has the version', () => {
    expect(renderReleaseNotes({ version: '1.1.0', packages: [], apiChanges: 'API' })).toBe(
      '# Release 1.1.0\n\nNo package changelog has an entry for this version.\n\nAPI\n',
    );
  });
});
