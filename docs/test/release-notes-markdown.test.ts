import { describe, expect, it } from 'vitest';
import { apiReleaseNotes } from '../scripts/lib/breaking/release-notes.js';
import {
  API_CHANGES_END,
  API_CHANGES_START,
  formatApiChanges,
  formatFirstRelease,
} from '../scripts/lib/breaking/release-notes-markdown.js';
import { type Doc, fixtureDoc } from './support/fixture.js';

const LIST = '/api/um/v3/conversations/';
const ONE = '/api/um/v3/conversations/{id}/';
const CONTACT = '/api/um/v3/contact_identities/{id}/';

const release = (mutate: (doc: Doc) => void) => {
  const after = fixtureDoc();
  after.info.version = '0.2.0';
  mutate(after);
  return apiReleaseNotes(fixtureDoc(), after);
};

/** A release that changes a shared parameter and status everywhere, a schema, and one operation. */
const notes = release((doc) => {
  delete doc.components.schemas.Contact.properties.email;
  for (const path of [LIST, ONE]) doc.paths[path].get.responses['431'] = { description: 'Headers too large' };
  doc.paths[ONE].patch.responses['431'] = { description: 'Headers too large' };
  doc.paths[LIST].get.parameters[2].schema.maxLength = 500;
  doc.paths[CONTACT].get.deprecated = true;
});

describe('formatApiChanges', () => {
  const markdown = formatApiChanges(notes, 2);
  const lines = markdown.split('\n');

  it('is one marked section headed "API changes since <previous version>"', () => {
    expect(lines[0]).toBe(API_CHANGES_START);
    expect(lines[2]).toBe('## API changes since 0.1.0');
    expect(lines.at(-1)).toBe(API_CHANGES_END);
    expect(markdown).toContain(
      '6 differences of the API (`docs/openapi.json`) from 0.1.0, 2 of them breaking',
    );
  });

  it('lists the breaking changes first, then the others, by subject', () => {
    const order = [
      '### Breaking (2)',
      '**Parameters**',
      '- **constraint tightened**: `GET /api/um/v3/conversations/ › query parameter status` (`maxLength: none -> 500`)',
      '**Schemas**',
      '- **property removed**: `schema Contact (in responses) › email`; received in `GET /api/um/v3/contact_identities/{id}/`',
      '### Non-breaking (4)',
      '**Operations**',
      '- **operation deprecated**: `GET /api/um/v3/contact_identities/{id}/`',
      '**Responses**',
    ];
    const positions = order.map((line) => lines.indexOf(line));
    expect(positions.filter((p) => p === -1)).toEqual([]);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('writes a change made in the same place of several operations once, naming them all', () => {
    expect(lines).toContain(
      '- **response added**: `response 431` in 3 operations: `GET /api/um/v3/conversations/`, `GET /api/um/v3/conversations/{id}/`, `PATCH /api/um/v3/conversations/{id}/`',
    );
  });

  it('nests under the heading level it is given (3 in a changesets CHANGELOG entry)', () => {
    const nested = formatApiChanges(notes, 3).split('\n');
    expect(nested[2]).toBe('### API changes since 0.1.0');
    expect(nested).toContain('#### Breaking (2)');
  });

  it('shortens long details (the JSON form keeps them whole) and keeps code spans intact', () => {
    const long = release((doc) => {
      doc.paths[LIST].get.parameters[2].schema.pattern = `^${'(a|b)'.repeat(60)}$`;
      doc.components.schemas.Contact.properties.name.pattern = '^`quoted`$';
    });
    const text = formatApiChanges(long);
    const line = text.split('\n').find((l) => l.includes('query parameter status')) ?? '';
    expect(line).toMatch(/\(`pattern: none -> \^\(a\|b\)[^`]*…`\)$/);
    expect(line.length).toBeLessThan(240);
    expect(long.entries.find((e) => e.part === 'query parameter status')?.detail).toHaveLength(
      'pattern: none -> '.length + 302,
    );
    expect(text).toContain('(``pattern: none -> ^`quoted`$``)');
  });

  it('says so when nothing changed', () => {
    const same = formatApiChanges(apiReleaseNotes(fixtureDoc(), fixtureDoc()));
    expect(same).toContain('No difference of the API (`docs/openapi.json`) from 0.1.0.');
    expect(same).not.toContain('Breaking');
  });
});

describe('formatFirstRelease', () => {
  it('is a marked section without a comparison', () => {
    expect(formatFirstRelease(3).split('\n')).toEqual([
      API_CHANGES_START,
      '',
      '### API changes',
      '',
      'The first release of the API: no earlier document to compare with.',
      API_CHANGES_END,
    ]);
  });
});
