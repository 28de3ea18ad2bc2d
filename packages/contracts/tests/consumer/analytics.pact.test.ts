import { afterAll, describe, it } from 'vitest';
import { PactParts } from '../support/pact-parts.js';
import { contractInteractions } from './interactions.js';
import { runInteraction } from './run-interaction.js';

const parts = new PactParts();

/** One parameterised loop over every analytics metric (and the latest-version path). */
const interactions = contractInteractions((id) => id.startsWith('analytics'));

describe('@org/client against the analytics contract', () => {
  for (const interaction of interactions)
    it(interaction.description, () => runInteraction(parts.pact(interaction.endpoint), interaction));
});

afterAll(() => parts.merge());
