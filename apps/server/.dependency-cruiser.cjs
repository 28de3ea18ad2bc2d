// The server's layers (docs/architecture.md): core <- store <- handlers <- http, composed by the
// files at the top of src/. An arrow pointing up, a cycle, or production code reaching into test
// support fails `pnpm lint` (part of the test command).
const layer = (name) => `^src/${name}/`;
const upward = (from, to, why) => ({
  name: `${from}-not-${to}`,
  comment: why,
  severity: 'error',
  from: { path: layer(from) },
  to: { path: to.map(layer).join('|') },
});
const NOT_TEST = '\\.test\\.ts$';
const TEST_SUPPORT = '^src/(store/)?test-support/';
/** What the package runs or exports (package.json, tsup.config.ts): production code is what these reach. */
const ENTRY_POINTS = '^src/(index|cli|vitest|build-worlds)\\.ts$';
/** Tools a developer runs by hand, outside the package's entry points. */
const TOOLS = ['^src/store/seed/measure-seed\\.ts$'];
/** The rooms of the store (docs/architecture.md), each as a path below src/store/. */
const ROOMS = {
  engine: 'engine/',
  queries: '[^/]+\\.ts$',
  seed: 'seed/',
  'prebuilt-worlds': 'prebuilt-worlds/',
  sandbox: 'sandbox/',
};
const room = (name) => `^src/store/${ROOMS[name]}`;
/** The production modules of one room of the store import none of the rooms `to`. */
const storeRoom = (from, to, why) => ({
  name: `store-${from}-not-${to.join('-')}`,
  comment: why,
  severity: 'error',
  from: { path: room(from), pathNot: NOT_TEST },
  to: { path: to.map(room).join('|') },
});

module.exports = {
  forbidden: [
    upward('core', ['store', 'handlers', 'http'], 'core is protocol-free and SQL-free'),
    upward('store', ['handlers', 'http'], 'the store serves handlers, never the other way'),
    upward('handlers', ['http'], 'handlers know nothing of Fastify'),
    {
      name: 'no-test-support-in-production',
      comment: 'test helpers (src/test-support/, store/test-support/) are for tests only',
      severity: 'error',
      from: { path: '^src/', pathNot: [NOT_TEST, TEST_SUPPORT] },
      to: { path: TEST_SUPPORT },
    },
    {
      name: 'no-test-only-code-in-production',
      comment:
        'a module outside the test folders that no entry point of the package reaches is test-only or dead: move it to a test-support folder, or delete it',
      severity: 'error',
      from: { path: ENTRY_POINTS },
      to: { path: '^src/', pathNot: [NOT_TEST, TEST_SUPPORT, ENTRY_POINTS, ...TOOLS], reachable: false },
    },
    // The rooms of the store (docs/architecture.md): engine <- the queries at store/'s top level <-
    // sandbox <- seed <- prebuilt-worlds. No arrow points back, so no two folders form a circle (the
    // tests of a folder may use any of them).
    storeRoom('engine', ['queries', 'sandbox', 'seed', 'prebuilt-worlds'], 'the engine knows no schema'),
    storeRoom('queries', ['sandbox', 'seed', 'prebuilt-worlds'], 'the queries serve the sandbox and seeding'),
    storeRoom('sandbox', ['seed', 'prebuilt-worlds'], 'the sandbox works on any world, however made'),
    storeRoom('seed', ['prebuilt-worlds'], 'seeding writes a world and its snapshot, whatever ships it'),
    {
      name: 'core-no-io-libraries',
      comment: 'core has no framework, driver or client: those belong to store and http',
      severity: 'error',
      from: { path: layer('core') },
      to: { path: 'node_modules/(fastify|pg|@electric-sql/pglite|ioredis)/' },
    },
    {
      name: 'fastify-only-in-http',
      comment: 'only the HTTP adapter (and the composition root) knows Fastify',
      severity: 'error',
      from: { path: '^src/(core|store|handlers)/' },
      to: { path: 'node_modules/fastify/' },
    },
    {
      name: 'layers-not-composition',
      comment: 'layers do not import the composition root (server.ts, cli.ts, index.ts)',
      severity: 'error',
      from: { path: '^src/(core|store|handlers|http)/', pathNot: NOT_TEST },
      to: { path: '^src/[^/]+\\.ts$' },
    },
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.d\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default', 'types'] },
  },
};
