import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PactV4 } from '@pact-foundation/pact';
import { combineNullableRulesInPact } from '../../src/matchers/combine-nullable-rules.js';
import { CONSUMER, PACT_FILE, PROVIDER } from './contract.js';

interface PactDocument {
  interactions: Array<{ description: string; providerStates?: unknown }>;
  [key: string]: unknown;
}

/**
 * Pact rewrites the whole pact file after every interaction, which grows quadratically with
 * hundreds of interactions. Each group of interactions writes a small pact of its own in a
 * temporary directory instead; `merge()` folds them into pacts/ once the group is done (the
 * consumer test files run one after another, so merges never overlap).
 */
export class PactParts {
  readonly #root = mkdtempSync(join(tmpdir(), 'org-contract-parts-'));
  readonly #pacts = new Map<string, PactV4>();

  /** The PactV4 of one part (e.g. one endpoint). */
  pact(part: string): PactV4 {
    let pact = this.#pacts.get(part);
    if (!pact) {
      pact = new PactV4({
        consumer: CONSUMER,
        provider: PROVIDER,
        dir: join(this.#root, part),
        logLevel: 'error',
      });
      this.#pacts.set(part, pact);
    }
    return pact;
  }

  /** Merges every part into the pact file (replacing interactions with the same description and states). */
  merge(target: string = PACT_FILE): void {
    const parts = [...this.#pacts.keys()]
      .map((part) => join(this.#root, part))
      .filter((dir) => existsSync(dir))
      .flatMap((dir) =>
        readdirSync(dir).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as PactDocument),
      );
    if (!parts.length) return;
    const base: PactDocument = existsSync(target)
      ? (JSON.parse(readFileSync(target, 'utf8')) as PactDocument)
      : { ...parts[0]!, interactions: [] };
    const key = (i: PactDocument['interactions'][number]) =>
      JSON.stringify([i.description, i.providerStates ?? []]);
    const byKey = new Map(base.interactions.map((i) => [key(i), i]));
    for (const part of parts) for (const i of part.interactions) byKey.set(key(i), i);
    const merged = combineNullableRulesInPact({
      ...base,
      interactions: [...byKey.values()].sort((a, b) => a.description.localeCompare(b.description)),
    });
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, `${JSON.stringify(merged, null, 2)}\n`);
    rmSync(this.#root, { recursive: true, force: true });
  }
}
