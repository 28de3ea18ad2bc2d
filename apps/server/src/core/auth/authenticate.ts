import type { OperatorRole } from '@org/model';
import type { Db } from '../../store/engine/db.js';
import { ApiError } from '../api-error.js';
import { hashToken } from './tokens.js';

/** Who a request acts as: the active organization and the acting operator (D3, D4). */
export interface AuthContext {
  organizationId: number;
  customerId: number;
  tokenKind: 'organization' | 'customer';
  /** Ids of every organization the token may see (analytics: a customer token sees them all). */
  visibleOrganizationIds: number[];
  /** The acting operator; null means the account operator, who may do everything. */
  operator: { id: number; role: OperatorRole } | null;
}

interface TokenRow {
  kind: 'organization' | 'customer';
  organization_id: number;
  customer_id: number;
}

const positiveInt = (value: string | undefined): number | undefined =>
  value !== undefined && /^\d{1,9}$/.test(value.trim()) && Number(value) > 0 ? Number(value) : undefined;

/** Resolves tokens and headers; token lookups are cached briefly, since tokens change rarely. */
export class Authenticator {
  private readonly tokenCache = new Map<string, { row: TokenRow | null; at: number }>();
  private readonly orgCache = new Map<number, { ids: number[]; at: number }>();
  constructor(
    private readonly db: Db,
    private readonly cacheMs = 30_000,
  ) {}

  async authenticate(headers: Record<string, string | string[] | undefined>): Promise<AuthContext> {
    const raw = header(headers, 'authorization')?.trim();
    if (!raw) throw new ApiError('not_authenticated', 'Authentication credentials were not provided.');
    // The value is the raw token (D3); a "Token " or "Bearer " prefix is tolerated.
    const token = raw.replace(/^(Token|Bearer)\s+/i, '');
    const row = await this.lookup(hashToken(token));
    if (!row) throw new ApiError('authentication_failed', 'Invalid token.');

    const customerOrgs = await this.organizationsOf(row.customer_id);
    let organizationId = row.organization_id;
    if (row.kind === 'customer') {
      // A wrong or foreign organization id is not an error: the default organization is used.
      const requested = positiveInt(header(headers, 'service-organization-id'));
      if (requested !== undefined && customerOrgs.includes(requested)) organizationId = requested;
    }

    let operator: AuthContext['operator'] = null;
    const operatorHeader = header(headers, 'service-operator-id');
    if (operatorHeader !== undefined && operatorHeader !== '') {
      const operatorId = positiveInt(operatorHeader);
      const rows =
        operatorId === undefined
          ? []
          : await this.db.query<{ id: number; role: OperatorRole }>(
              'SELECT id, role FROM operators WHERE id = $1 AND organization_id = $2',
              [operatorId, organizationId],
            );
      if (!rows[0])
        throw new ApiError(
          'permission_denied',
          `Service-Operator-Id ${operatorHeader} is not an operator of organization ${organizationId}.`,
        );
      operator = rows[0];
    }
    return {
      organizationId,
      customerId: row.customer_id,
      tokenKind: row.kind,
      visibleOrganizationIds: row.kind === 'customer' ? customerOrgs : [row.organization_id],
      operator,
    };
  }

  private async lookup(hash: string): Promise<TokenRow | null> {
    const cached = this.tokenCache.get(hash);
    if (cached && Date.now() - cached.at < this.cacheMs) return cached.row;
    const rows = await this.db.query<TokenRow>(
      'SELECT kind, organization_id, customer_id FROM api_tokens WHERE token_sha256 = $1',
      [hash],
    );
    const row = rows[0] ?? null;
    if (this.tokenCache.size > 10_000) this.tokenCache.clear();
    this.tokenCache.set(hash, { row, at: Date.now() });
    return row;
  }

  private async organizationsOf(customerId: number): Promise<number[]> {
    const cached = this.orgCache.get(customerId);
    if (cached && Date.now() - cached.at < this.cacheMs) return cached.ids;
    const rows = await this.db.query<{ id: number }>(
      'SELECT id FROM organizations WHERE customer_id = $1 ORDER BY id',
      [customerId],
    );
    const ids = rows.map((r) => r.id);
    this.orgCache.set(customerId, { ids, at: Date.now() });
    return ids;
  }

  /** Forgets cached tokens and organizations (after fixtures change them). */
  clearCache() {
    this.tokenCache.clear();
    this.orgCache.clear();
  }
}

const header = (headers: Record<string, string | string[] | undefined>, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[value.length - 1] : value;
};
