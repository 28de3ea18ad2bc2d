import type { OperatorRole } from '@org/model';
import type { AuthDirectory, TokenRecord } from '../core/auth/authenticate.js';
import type { Db } from './engine/db.js';

/** The SQL behind authentication (the AuthDirectory port of core/auth). */
export class DbAuthDirectory implements AuthDirectory {
  constructor(private readonly db: Db) {}

  async tokenByHash(hash: string): Promise<TokenRecord | null> {
    const rows = await this.db.query<TokenRecord>(
      `SELECT kind, organization_id AS "organizationId", customer_id AS "customerId"
       FROM api_tokens WHERE token_sha256 = $1`,
      [hash],
    );
    return rows[0] ?? null;
  }

  async organizationsOf(customerId: number): Promise<number[]> {
    const rows = await this.db.query<{ id: number }>(
      'SELECT id FROM organizations WHERE customer_id = $1 ORDER BY id',
      [customerId],
    );
    return rows.map((r) => r.id);
  }

  async operatorOf(id: number, organizationId: number): Promise<OperatorRole | null> {
    const rows = await this.db.query<{ role: OperatorRole }>(
      'SELECT role FROM operators WHERE id = $1 AND organization_id = $2',
      [id, organizationId],
    );
    return rows[0]?.role ?? null;
  }
}
