import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROVIDER_NAME } from './provider-name.js';
import { pactFilesIn, verifyProvider } from './verify-provider.js';

const folder = (...providers: string[]) => {
  const dir = mkdtempSync(join(tmpdir(), 'pact-files-'));
  for (const provider of providers)
    writeFileSync(
      join(dir, `app-${provider}.json`),
      JSON.stringify({ consumer: { name: 'app' }, provider: { name: provider }, interactions: [] }),
    );
  return dir;
};

describe('pactFilesIn', () => {
  it("takes a folder's pacts of the provider and files as given", () => {
    const dir = folder(PROVIDER_NAME, 'billing-api');
    expect(pactFilesIn([dir])).toEqual([join(dir, `app-${PROVIDER_NAME}.json`)]);
    expect(pactFilesIn([join(dir, 'app-billing-api.json')])).toEqual([join(dir, 'app-billing-api.json')]);
    expect(pactFilesIn([dir], 'billing-api')).toEqual([join(dir, 'app-billing-api.json')]);
  });

  it('says which providers a folder holds when none is this one', () => {
    expect(() => pactFilesIn([folder('billing-api')])).toThrow(
      new RegExp(`no pact with provider ${PROVIDER_NAME} in .* \\(found: billing-api\\)`),
    );
    expect(() => pactFilesIn(['/nowhere/pacts'])).toThrow(/no pact file or folder \/nowhere\/pacts/);
  });
});

describe('verifyProvider refuses before starting anything', () => {
  it('without pacts or a broker, and when results would be published without a version', async () => {
    await expect(verifyProvider({})).rejects.toThrow(/needs pacts or a broker/);
    await expect(
      verifyProvider({ broker: { url: 'http://127.0.0.1:1' }, publishResults: true }),
    ).rejects.toThrow(/needs providerVersion/);
  });
});
