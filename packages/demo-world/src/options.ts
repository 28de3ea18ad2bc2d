import { type Micros, parseMicros } from './time.js';

export interface WorldOptions {
  /** Same seed (and options) -> byte-identical world. */
  seed?: number;
  organizations?: number;
  contactsPerOrg?: number;
  conversationsPerOrg?: number;
  /** Average; each conversation gets 0.5x-1.5x of it (at least what its story needs). */
  messagesPerConversation?: number;
  /** Human operators per organization (at least 3: an admin, a restricted one, operators). */
  operatorsPerOrg?: number;
  botsPerOrg?: number;
  widgetsPerOrg?: number;
  /** Conversations start within this many days before `now`. */
  days?: number;
  /** The world's present (ISO). Fixed by default: the clock must not leak into the world. */
  now?: string;
  /** Rows per INSERT statement. */
  batchSize?: number;
  /**
   * Keep foreign-key checks on during the load. Off by default: the generator's references are
   * correct by construction and the checks cost about a fifth of the load, so when the database
   * role may (superuser, PGlite) the load runs with session_replication_role = replica. Tests
   * seed once with checks on to prove the references.
   */
  checkForeignKeys?: boolean;
  /** Raw tokens to create (a test harness picks its own); defaults derive from the seed. */
  tokens?: { customer?: string; organizations?: readonly string[] };
  /**
   * Called after each organization, and within one after every PROGRESS_EVERY conversations
   * (with `conversationsDone` of `conversationsPerOrg`), so a large world shows it is moving.
   */
  onProgress?: (progress: {
    organizationIndex: number;
    organizations: number;
    records: number;
    conversationsDone?: number;
    conversationsPerOrg?: number;
  }) => void;
}

export interface ResolvedWorldOptions {
  seed: number;
  organizations: number;
  contactsPerOrg: number;
  conversationsPerOrg: number;
  messagesPerConversation: number;
  operatorsPerOrg: number;
  botsPerOrg: number;
  widgetsPerOrg: number;
  days: number;
  now: Micros;
  batchSize: number;
  checkForeignKeys: boolean;
}

export const DEFAULT_WORLD_OPTIONS = {
  seed: 1,
  organizations: 3,
  contactsPerOrg: 150,
  conversationsPerOrg: 250,
  messagesPerConversation: 8,
  operatorsPerOrg: 6,
  botsPerOrg: 1,
  widgetsPerOrg: 2,
  days: 60,
  now: '2025-06-30T12:00:00.000000Z',
  batchSize: 5_000,
} as const;

export function resolveWorldOptions(options: WorldOptions = {}): ResolvedWorldOptions {
  const d = DEFAULT_WORLD_OPTIONS;
  const positive = (name: string, value: number, min: number) => {
    if (!Number.isInteger(value) || value < min)
      throw new Error(`world option ${name} must be an integer >= ${min}`);
    return value;
  };
  return {
    seed: positive('seed', options.seed ?? d.seed, 0),
    organizations: positive('organizations', options.organizations ?? d.organizations, 1),
    contactsPerOrg: positive('contactsPerOrg', options.contactsPerOrg ?? d.contactsPerOrg, 1),
    conversationsPerOrg: positive(
      'conversationsPerOrg',
      options.conversationsPerOrg ?? d.conversationsPerOrg,
      0,
    ),
    messagesPerConversation: positive(
      'messagesPerConversation',
      options.messagesPerConversation ?? d.messagesPerConversation,
      1,
    ),
    operatorsPerOrg: positive('operatorsPerOrg', options.operatorsPerOrg ?? d.operatorsPerOrg, 3),
    botsPerOrg: positive('botsPerOrg', options.botsPerOrg ?? d.botsPerOrg, 0),
    widgetsPerOrg: positive('widgetsPerOrg', options.widgetsPerOrg ?? d.widgetsPerOrg, 1),
    days: positive('days', options.days ?? d.days, 1),
    now: parseMicros(options.now ?? d.now),
    batchSize: positive('batchSize', options.batchSize ?? d.batchSize, 1),
    checkForeignKeys: options.checkForeignKeys ?? false,
  };
}
