import { afterAll, describe, it } from 'vitest';
import { PactParts } from '../support/pact-parts.js';
import { contractInteractions } from './interactions.js';
import { runInteraction } from './run-interaction.js';

const parts = new PactParts();

/** Every v3 endpoint of the table (and the retired v2 path), every status it documents. */
const interactions = contractInteractions((id) => !id.startsWith('analytics'));

describe('@org/client against the v3 contract', () => {
  for (const interaction of interactions)
    it(interaction.description, () => runInteraction(parts.pact(interaction.endpoint), interaction));
});

afterAll(() => parts.merge());
