/**
 * The journal's types, where src/vitest.ts (the published test helper, which another change is
 * editing) imports them from; they are the sandbox's (sandbox/api/schemas.ts). Delete this file once
 * vitest.ts imports them from there: it is the one import of the sandbox that the dependency rules
 * (.dependency-cruiser.cjs) let http/ make, and it is type-only.
 */
export type { JournalEntry, JournalQuery } from '../sandbox/api/schemas.js';
