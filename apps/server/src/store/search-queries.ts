import type { Db } from './engine/db.js';

/**
 * Turns search keywords into the stemmed prefix tsquery of D11 (um_search_query in SQL), once per
 * distinct keyword string: the stemming costs milliseconds in the database, and the same searches
 * repeat. The result depends only on the text and PostgreSQL's english configuration.
 */
export class SearchQueries {
  private readonly cache = new Map<string, string | null>();
  constructor(
    private readonly db: Db,
    private readonly maxEntries = 10_000,
  ) {}

  async of(keywords: string[] | undefined): Promise<string | null | undefined> {
    if (!keywords?.length) return undefined;
    const text = keywords.join(' ');
    if (this.cache.has(text)) return this.cache.get(text)!;
    const rows = await this.db.query<{ q: string | null }>('SELECT um_search_query($1)::text AS q', [text]);
    const tsquery = rows[0]?.q || null;
    if (this.cache.size >= this.maxEntries) this.cache.clear();
    this.cache.set(text, tsquery);
    return tsquery;
  }
}
