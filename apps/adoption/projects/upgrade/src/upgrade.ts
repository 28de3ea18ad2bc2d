// The upgrade project's run: each probe (probes.json, written by the test from the release notes) is
// parsed with the installed model's query schema of its operation, as a consumer validating what it
// sends would; one line reports which the model accepts. The same code runs on 0.1.0 and on the current major.
import { readFileSync } from 'node:fs';
import { endpoints } from '@org/model';

interface Probe {
  operation: string;
  parameter: string;
  value: string;
  change: string;
}

interface QuerySchema {
  safeParse(value: unknown): { success: boolean };
}

const table = endpoints as unknown as Record<string, { query?: QuerySchema } | undefined>;
const probes = JSON.parse(readFileSync('probes.json', 'utf8')) as Probe[];
const results = probes.map((probe) => ({
  ...probe,
  accepted: table[probe.operation]?.query?.safeParse({ [probe.parameter]: probe.value }).success ?? false,
}));
process.stdout.write(`UPGRADE ${JSON.stringify(results)}\n`);
