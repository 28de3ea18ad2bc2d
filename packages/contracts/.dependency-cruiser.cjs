// The contracts' one exchange engine (D82) and the document reader under it: every judge of an
// exchange (the fuzzer, the conformance runner, the proxy, check-har, check-pact) imports the engine,
// and the engine imports none of them. An arrow the other way, or a cycle, fails `pnpm lint`.
const NOT_TEST = '\\.test\\.ts$';
const folder = (name) => `^src/${name}/`;
/** What the engine's users are: none of them may be imported by the engine or the document reader. */
const USERS = ['fuzz', 'conformance', 'proxy', 'har', 'openapi', 'provider', 'broker', 'cli', 'matchers'];

module.exports = {
  forbidden: [
    {
      name: 'document-reads-only-the-document',
      comment: 'src/document/ reads the OpenAPI document: it imports nothing else of the package',
      severity: 'error',
      from: { path: folder('document'), pathNot: NOT_TEST },
      to: { path: '^src/', pathNot: folder('document') },
    },
    {
      name: 'exchange-not-its-users',
      comment:
        'the exchange engine (src/exchange/) judges for the fuzzer, the runner, the proxy and the rest: it imports none of them',
      severity: 'error',
      from: { path: folder('exchange'), pathNot: NOT_TEST },
      to: { path: USERS.map(folder).join('|') },
    },
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
  ],
  options: require('../../tooling/dependency-cruiser-options.cjs'),
};
