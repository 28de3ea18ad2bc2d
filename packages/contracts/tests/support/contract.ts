import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { EXAMPLE_ANALYTICS_DAY, EXAMPLE_ORGANIZATION_ID } from '@org/model';
import { PROVIDER_NAME } from '../../src/provider/provider-name.js';
/** The names, tokens and fixed values both sides of the contract agree on. */
export const CONSUMER = 'org-client';
export const PROVIDER = PROVIDER_NAME;

export const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const PACT_DIR = resolve(PACKAGE_ROOT, 'pacts');
export const PACT_FILE = resolve(PACT_DIR, `${CONSUMER}-${PROVIDER}.json`);
export const OPENAPI_FILE = resolve(PACKAGE_ROOT, '../../docs/openapi.json');

/** Raw tokens the pacts carry; the provider verification starts the server with them. */
export const TOKENS = {
  organization: 'contract-organization-token',
  customer: 'contract-customer-token',
  unknown: 'contract-token-never-issued',
} as const;

/** The organization the pacts speak of: the model examples' organization, i.e. the token's own. */
export const ORG = EXAMPLE_ORGANIZATION_ID;
/** An id no record has. */
export const MISSING_ID = 999_999;
/** The id of a record that exists but is excluded by exclude_ids. */
export const EXCLUDED_ID = 888_888;
/** An operator the state handler creates with a role that may only read. */
export const RESTRICTED_OPERATOR = 9001;
/** The UTC day of the analytics data points (the model example's). */
export const ANALYTICS_DAY = EXAMPLE_ANALYTICS_DAY;
