// The server's layers (docs/architecture.md): core <- store <- handlers <- http, composed by the
// files at the top of src/, and the sandbox's home (src/sandbox/) above them, which plugs into the
// request path and is never reached by it. An arrow pointing up, a cycle, or production code
// reaching into test support fails `pnpm lint` (part of the test command).
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
const ENTRY_POINTS = '^src/(index|cli|vitest|vitest-setup|pool-thread|build-worlds)\\.ts$';
/** Tools a developer runs by hand, outside the package's entry points. */
const TOOLS = ['^src/store/seed/measure-seed\\.ts$'];
/** The rooms of the store (docs/architecture.md), each as a path below src/store/. */
const ROOMS = {
  engine: 'engine/',
  queries: '[^/]+\\.ts$',
  seed: 'seed/',
  'prebuilt-worlds': 'prebuilt-worlds/',
  snapshot: 'snapshot/',
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

/** The rooms of the sandbox's home (docs/architecture.md), each as a path below src/sandbox/. */
const SANDBOX_ROOMS = {
  api: 'api/',
  store: 'store/',
  control: '(control|provider-states)\\.ts$',
  http: 'http/',
};
const sandboxRoom = (name) => `^src/sandbox/${SANDBOX_ROOMS[name]}`;
/** The production modules of one room of the sandbox import none of the rooms `rooms` nor the layers `layers`. */
const sandboxRoomRule = (from, rooms, layers, why) => ({
  name: `sandbox-${from}-not-${rooms.join('-')}`,
  comment: why,
  severity: 'error',
  from: { path: sandboxRoom(from), pathNot: NOT_TEST },
  to: { path: [...rooms.map(sandboxRoom), ...layers.map(layer)].join('|') },
});

module.exports = {
  forbidden: [
    upward('core', ['store', 'handlers', 'http'], 'core is protocol-free and SQL-free'),
    upward('store', ['handlers', 'http'], 'the store serves handlers, never the other way'),
    upward('handlers', ['http'], 'handlers know nothing of Fastify'),
    {
      name: 'request-path-not-sandbox',
      comment:
        'the request path (core, store, handlers, http) reaches the sandbox only through interfaces it owns (the app options: AppExtension, PageObserver): the sandbox plugs into it, never the other way',
      severity: 'error',
      from: { path: '^src/(core|store|handlers|http)/', pathNot: NOT_TEST },
      to: { path: '^src/sandbox/' },
    },
    // The rooms of the sandbox follow the layers' one way: api (its table and schemas, as core and
    // the model) <- store (its SQL) <- control (what it acts on: control.ts, provider-states.ts) <-
    // http (its hooks and handlers).
    sandboxRoomRule(
      'api',
      ['store', 'control', 'http'],
      ['store', 'handlers', 'http'],
      'the table and schemas are protocol-free and SQL-free',
    ),
    sandboxRoomRule(
      'store',
      ['control', 'http'],
      ['handlers', 'http'],
      "the sandbox's SQL serves its control, never the other way",
    ),
    sandboxRoomRule('control', ['http'], ['http'], 'what the control API acts on knows nothing of Fastify'),
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
    // snapshot <- seed <- prebuilt-worlds. No arrow points back, so no two folders form a circle (the
    // tests of a folder may use any of them).
    storeRoom('engine', ['queries', 'snapshot', 'seed', 'prebuilt-worlds'], 'the engine knows no schema'),
    storeRoom('queries', ['snapshot', 'seed', 'prebuilt-worlds'], 'the queries serve snapshots and seeding'),
    storeRoom('snapshot', ['seed', 'prebuilt-worlds'], 'the snapshot works on any world, however made'),
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
      comment: 'only the HTTP adapters (http/, sandbox/http/) and the composition root know Fastify',
      severity: 'error',
      from: { path: ['^src/(core|store|handlers)/', '^src/sandbox/(api|store)/', sandboxRoom('control')] },
      to: { path: 'node_modules/fastify/' },
    },
    {
      name: 'layers-not-composition',
      comment: 'layers do not import the composition root (server.ts, cli.ts, index.ts, start-*.ts)',
      severity: 'error',
      from: { path: '^src/(core|store|handlers|http|sandbox)/', pathNot: NOT_TEST },
      to: { path: '^src/[^/]+\\.ts$' },
    },
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
  ],
  options: require('../../tooling/dependency-cruiser-options.cjs'),
};
