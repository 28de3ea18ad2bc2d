/**
 * Build step (after the bundle, `pnpm build`): seeds the prebuilt worlds into dist/worlds/, so that
 * starts asking for them load them instead of running initdb, the migrations and the seed.
 * Turbo reruns it whenever the package's sources (migrations, seeding) or the demo world generator
 * change, since both are inputs of this package's build.
 */

import { buildPrebuiltWorlds } from './store/prebuilt-worlds/prebuilt-world.js';
import { currentMinute } from './store/seed/demo-world.js';

const started = performance.now();
await buildPrebuiltWorlds(currentMinute(), undefined, (line) => process.stdout.write(`${line}\n`));
process.stdout.write(`prebuilt worlds written in ${Math.round(performance.now() - started)} ms\n`);
