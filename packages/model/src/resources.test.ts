import { describe, expect, it } from 'vitest';
import * as z from 'zod/v4';
import { endpointList } from './endpoints/index.js';
import { providerStateNamed } from './provider-states.js';
import {
  COLLECTION_KEYS,
  fieldAt,
  RATE_LIMIT_GROUPS,
  RESOURCES,
  type ResourceKey,
  resourceList,
  V3,
  V3_RESOURCES,
} from './resources.js';

/** The schema a dotted path of a record's schema leads to (`contact.id`), unwrapping optional and nullable. */
const schemaAt = (schema: z.ZodType, dotted: string): z.ZodType | undefined => {
  let at: z.ZodType | undefined = schema;
  for (const step of dotted.split('.')) {
    while (at instanceof z.ZodOptional || at instanceof z.ZodNullable) at = at.unwrap() as z.ZodType;
    at = at instanceof z.ZodObject ? (at.shape[step] as z.ZodType | undefined) : undefined;
  }
  return at;
};

const paths = endpointList().map(([, ep]) => ep.path);

describe('the registry of resources', () => {
  it('holds an entry only for a kind of record an endpoint serves', () => {
    for (const [key, r] of resourceList()) {
      const served = r.nested
        ? paths.some((path) =>
            path.startsWith(
              `${r.base}/${RESOURCES[r.parent!.resource as ResourceKey].segment}/{id}/${r.segment}/`,
            ),
          )
        : paths.some((path) => path.startsWith(`${r.base}/${r.segment}/`));
      expect(served, key).toBe(true);
    }
  });

  it('names the resource of every v3 path, and each endpoint counts and is tagged as its resource', () => {
    for (const [id, ep] of endpointList()) {
      if (!ep.path.startsWith(`${V3}/`)) continue;
      const segments = ep.path
        .slice(V3.length)
        .split('/')
        .filter((s) => s && !s.startsWith('{'));
      expect(V3_RESOURCES as readonly string[], id).toContain(segments[0]);
      const listed = resourceList().find(([, r]) => r.segment === segments.at(-1) && r.base === V3);
      const [, own] = listed ?? resourceList().find(([, r]) => r.segment === segments[0])!;
      expect({ group: ep.group, tag: ep.tag }, id).toEqual({ group: own.group, tag: own.tag });
    }
  });

  it('keeps the collections, the v2 enum and the rate-limit groups in their published order', () => {
    expect(COLLECTION_KEYS).toEqual(['conversations', 'contacts', 'notes', 'navigationEvents', 'operators']);
    expect(V3_RESOURCES).toEqual(['conversations', 'contact_identities', 'notes', 'navigation', 'operators']);
    expect(RATE_LIMIT_GROUPS).toEqual(['conversations', 'contacts', 'navigation', 'operators', 'analytics']);
  });

  it("points each parent at an entry and at an id field of the record's schema", () => {
    for (const [key, r] of resourceList()) {
      if (!r.parent) continue;
      expect(Object.keys(RESOURCES), key).toContain(r.parent.resource);
      expect(schemaAt(r.record, r.parent.idField), `${key}.${r.parent.idField}`).toBeDefined();
    }
  });

  it('gives states of the catalogue, with parameters their catalogue entry accepts', () => {
    for (const [key, r] of resourceList())
      for (const make of [r.states.exists, r.states.children]) {
        if (!make) continue;
        const { name, params } = make(4711);
        const entry = providerStateNamed(name);
        expect(entry, `${key}: ${name}`).toBeDefined();
        expect(entry!.params.safeParse(params).success, `${key}: ${name}`).toBe(true);
      }
  });

  it('reads a dotted field of a record', () => {
    expect(fieldAt({ contact: { id: 3 } }, 'contact.id')).toBe(3);
    expect(fieldAt({ contact: null }, 'contact.id')).toBeUndefined();
    expect(fieldAt(undefined, 'id')).toBeUndefined();
  });
});
