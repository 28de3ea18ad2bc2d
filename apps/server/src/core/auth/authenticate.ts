import type { OperatorRole } from '@org/model';
import { ApiError } from '../api-error.js';
import { MemoCache } from '../memo-cache.js';
import { hashToken } from './tokens.js';

/** Who a request acts as: the active organization and the acting operator. */
export interface AuthContext {
  organizationId: number;
  customerId: number;
  tokenKind: 'organization' | 'customer';
  /** Ids of every organization the token may see (analytics: a customer token sees them all). */
  visibleOrganizationIds: number[];
  /** The acting operator; null means the account operator, who may do everything. */
  operator: { id: number; role: OperatorRole } | null;
}

/**
 * 403: Service-Operator-Id names no operator of the organization. It carries the context without
 * an operator, so the request can still be counted against the organization (and its answer carry
 * the rate-limit headers, as every answer after authentication does).
 */
export class OperatorRejected extends ApiError {
  constructor(
    readonly auth: AuthContext,
    detail: string,
  ) {
    super('permission_denied', detail);
  }
}

/** An API token as stored (api_tokens). */
export interface TokenRecord {
  kind: 'organization' | 'customer';
  organizationId: number;
  customerId: number;
}

/** What authentication reads from storage (the port; store/auth-directory.ts implements it). */
export interface AuthDirectory {
  /** The token whose SHA-256 (hex) is `hash`, or null. */
  tokenByHash(hash: string): Promise<TokenRecord | null>;
  /** Ids of the customer's organizations, ascending. */
  organizationsOf(customerId: number): Promise<number[]>;
  /** The role of operator `id` in the organization, or null when it is not one of its operators. */
  operatorOf(id: number, organizationId: number): Promise<OperatorRole | null>;
}

function positiveInt(value: string | undefined): number | undefined {
  return value !== undefined && /^\d{1,9}$/.test(value.trim()) && Number(value) > 0
    ? Number(value)
    : undefined;
}

/**
 * Unknown tokens and operators are kept 1 s at most: one may be created a moment later (a fixture,
 * another instance), and its insert's notification can arrive after the next request; the second
 * bounds the lookups a repeated wrong value costs.
 */
const MISS_TTL_MS = 1_000;
const MAX_ENTRIES = 10_000;

/**
 * Resolves tokens and headers. Lookups are cached (bounded LRU, `cacheMs`), since tokens,
 * organizations and operators change rarely; server.ts clears the caches when PostgreSQL announces
 * a change to one of their tables (migration 0015), and fixtures clear them in-process.
 */
export class Authenticator {
  private readonly tokens: MemoCache<string, TokenRecord | null>;
  private readonly organizations: MemoCache<number, number[]>;
  private readonly operators: MemoCache<string, OperatorRole | null>;

  constructor(
    private readonly directory: AuthDirectory,
    cacheMs = 30_000,
  ) {
    const missTtl = (value: unknown) => (value === null ? MISS_TTL_MS : undefined);
    this.tokens = new MemoCache<string, TokenRecord | null>({
      max: MAX_ENTRIES,
      ttlMs: cacheMs,
      ttlOf: missTtl,
    });
    this.organizations = new MemoCache<number, number[]>({ max: MAX_ENTRIES, ttlMs: cacheMs });
    this.operators = new MemoCache<string, OperatorRole | null>({
      max: MAX_ENTRIES,
      ttlMs: cacheMs,
      ttlOf: missTtl,
    });
  }

  async authenticate(headers: Record<string, string | string[] | undefined>): Promise<AuthContext> {
    const raw = header(headers, 'authorization')?.trim();
    if (!raw) throw new ApiError('not_authenticated', 'Authentication credentials were not provided.');
    // The value is the raw token; a "Token " or "Bearer " prefix is tolerated.
    const token = raw.replace(/^(Token|Bearer)\s+/i, '');
    const hash = hashToken(token);
    const row = await this.tokens.get(hash, () => this.directory.tokenByHash(hash));
    if (!row) throw new ApiError('authentication_failed', 'Invalid token.');

    const customerOrgs = await this.organizations.get(row.customerId, () =>
      this.directory.organizationsOf(row.customerId),
    );
    let organizationId = row.organizationId;
    if (row.kind === 'customer') {
      // A wrong or foreign organization id is not an error: the default organization is used.
      const requested = positiveInt(header(headers, 'service-organization-id'));
      if (requested !== undefined && customerOrgs.includes(requested)) organizationId = requested;
    }

    let operator: AuthContext['operator'] = null;
    const operatorHeader = header(headers, 'service-operator-id');
    if (operatorHeader !== undefined && operatorHeader !== '') {
      const operatorId = positiveInt(operatorHeader);
      const role =
        operatorId === undefined
          ? null
          : await this.operators.get(`${operatorId}:${organizationId}`, () =>
              this.directory.operatorOf(operatorId, organizationId),
            );
      if (operatorId === undefined || !role)
        throw new OperatorRejected(
          {
            organizationId,
            customerId: row.customerId,
            tokenKind: row.kind,
            visibleOrganizationIds: row.kind === 'customer' ? customerOrgs : [row.organizationId],
            operator: null,
          },
          `Service-Operator-Id ${operatorHeader} is not an operator of organization ${organizationId}.`,
        );
      operator = { id: operatorId, role };
    }
    return {
      organizationId,
      customerId: row.customerId,
      tokenKind: row.kind,
      visibleOrganizationIds: row.kind === 'customer' ? customerOrgs : [row.organizationId],
      operator,
    };
  }

  /** Forgets cached tokens, organizations and operators (after a change to any of them). */
  clearCache() {
    this.tokens.clear();
    this.organizations.clear();
    this.operators.clear();
  }
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[value.length - 1] : value;
}
