import type { ServerProcess } from '../starts/server-process.js';

/** How many sampled full-name searches put a contact of that name first. */
export interface RankingCheck {
  checked: number;
  first: number;
  /** The searches that did not (at most a few, for the report). */
  misses: string[];
}

/**
 * Search ranking still puts the documented best match first (D11: `ts_rank` of the search vector,
 * names weighted A, notes B; more occurrences above fewer; ties by id descending): for sampled
 * contacts' full names searched as keywords, the API's first contact is the one that rule, computed
 * in SQL over the whole organization, puts first. Checked, not timed.
 */
export async function checkSearchRanking(
  server: ServerProcess,
  headers: Record<string, string>,
  count = 10,
): Promise<RankingCheck> {
  const organizationId = server.ready.world.organizations[0]!.id;
  const rows = await server.query<{ name: string }>(
    `SELECT name FROM contact_identities
      WHERE organization_id = $1 AND name ~ '^[[:alpha:]]{3,} [[:alpha:]]{3,}$'
      ORDER BY md5(id::text) LIMIT ${count}`,
    [organizationId],
  );
  const misses: string[] = [];
  for (const { name } of rows) {
    const keywords = name.toLowerCase();
    const [best] = await server.query<{ id: number }>(
      `SELECT id FROM contact_identities
        WHERE organization_id = $1 AND search_vector @@ um_search_query($2)
        ORDER BY ts_rank(search_vector, um_search_query($2)) DESC, id DESC LIMIT 1`,
      [organizationId, keywords],
    );
    const url = `${server.url}/api/um/v3/contact_identities/?search_query=${encodeURIComponent(keywords)}`;
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(60_000) });
    const body = (await response.json()) as { results?: Array<{ id: number }> };
    const top = body.results?.[0]?.id;
    if (best === undefined || top !== Number(best.id))
      misses.push(`"${name}": ${top} instead of ${best?.id}`);
  }
  return { checked: rows.length, first: rows.length - misses.length, misses: misses.slice(0, 3) };
}
