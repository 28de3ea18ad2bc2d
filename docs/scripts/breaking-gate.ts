/**
 * The breaking-change gate (`pnpm --filter @org/docs gate`): compares docs/openapi.json with the last
 * released document in docs/releases/ and fails on a breaking difference that no pending major
 * changeset of @org/model declares.
 *
 * Options: --current <file> --releases <dir> --changesets <dir> --json
 */
import { parseArgs } from 'node:util';
import { formatGateReport, runGate } from './lib/breaking/gate.js';
import { CHANGESET_DIR, OPENAPI_JSON, RELEASES_DIR } from './lib/paths.js';

const { values } = parseArgs({
  options: {
    current: { type: 'string', default: OPENAPI_JSON },
    releases: { type: 'string', default: RELEASES_DIR },
    changesets: { type: 'string', default: CHANGESET_DIR },
    json: { type: 'boolean', default: false },
  },
});

const result = await runGate({
  currentPath: values.current,
  releasesDir: values.releases,
  changesetDir: values.changesets,
});
console.log(values.json ? JSON.stringify(result, null, 2) : formatGateReport(result, values.current));
process.exitCode = result.passed ? 0 : 1;
