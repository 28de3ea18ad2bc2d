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

module.exports = {
  forbidden: [
    upward('core', ['store', 'handlers', 'http'], 'core is protocol-free and SQL-free'),
    upward('store', ['handlers', 'http'], 'the store serves handlers, never the other way'),
    upward('handlers', ['http'], 'handlers know nothing of Fastify'),
    {
      name: 'no-test-support-in-production',
      comment: 'test helpers are for tests only',
      severity: 'error',
      from: { path: '^src/', pathNot: [NOT_TEST, '^src/test-support/'] },
      to: { path: '^src/test-support/' },
    },
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
