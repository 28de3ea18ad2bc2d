import { MemoCache } from '../core/memo-cache.js';
import type { Db } from './engine/db.js';

/**
 * Turns search keywords into the stemmed prefix tsquery (um_search_query in SQL), once per
 * distinct keyword string: the stemming costs milliseconds in the database, and the same searches
 * repeat. The result depends only on the text and PostgreSQL's english configuration, so it needs
 * no expiry; the least recently used strings go past `maxEntries`.
 */
export class SearchQueries {
  private readonly cache: MemoCache<string, string | null>;
  constructor(
    private readonly db: Db,
    maxEntries = 10_000,
  ) {
    this.cache = new MemoCache({ max: maxEntries });
  }

  async of(keywords: string[] | undefined): Promise<string | null | undefined> {
    if (!keywords?.length) return undefined;
    const text = keywords.join(' ');
    return this.cache.get(text, async () => {
      const rows = await this.db.query<{ q: string | null }>('SELECT um_search_query($1)::text AS q', [text]);
      return rows[0]?.q || null;
    });
  }
}
