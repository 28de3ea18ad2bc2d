import { LIMITS } from '@org/model';
import type { ClientWarning } from './client.js';

/** What the page iterator needs from the client: where to start and how to fetch a page. */
export interface PageSource<Page> {
  readonly endpoint: string;
  readonly firstUrl: string;
  readonly baseUrl: string;
  /** Offset lists reach at most 10,000 items; cursor lists have no cap. */
  readonly isOffsetPaged: boolean;
  fetchPage(url: string): Promise<Page>;
  warn(warning: ClientWarning): void;
}

export interface CapInfo {
  readonly endpoint: string;
  /** The true total the server reported. */
  readonly count: number;
  /** How many items are reachable (10,000). */
  readonly reachable: number;
  /** Items this iterator yielded. */
  readonly fetched: number;
}

export interface PageOptions {
  /** Stop after this many pages. */
  readonly maxPages?: number | undefined;
  /** Called once when an offset list stops at the 10,000 cap with more items matching. */
  readonly onCapReached?: ((info: CapInfo) => void) | undefined;
  /**
   * Fetch `next` links on the client's base URL rather than the host they name (for gateways
   * that rewrite the Host header). Default false: links are followed as given.
   */
  readonly rebaseLinks?: boolean | undefined;
}

/** Where an iteration stands; read it during or after iterating. */
export interface PaginationState {
  pages: number;
  items: number;
  /** `count` of the last page, when the endpoint reports one. */
  count: number | undefined;
  /** True when an offset list stopped at the reachable cap while more items match. */
  capped: boolean;
  /** True when the last page had no `next` link. */
  done: boolean;
}

interface PageShape<Item> {
  results: Item[];
  next?: string | null;
  count?: number;
}

const offsetOf = (url: string): number | undefined => {
  const raw = new URL(url).searchParams.get('offset');
  return raw !== null && /^\d+$/.test(raw) ? Number(raw) : undefined;
};

const rebase = (link: string, baseUrl: string): string => {
  const url = new URL(link);
  return `${baseUrl}${url.pathname}${url.search}`;
};

/**
 * Async iteration over the pages of a list. `for await (const page of client.pages(...))`;
 * `.items()` flattens to the items; `.state` tells how far it got and whether the cap stopped it.
 */
export class PageIterator<Page, Item> implements AsyncIterable<Page> {
  readonly state: PaginationState = { pages: 0, items: 0, count: undefined, capped: false, done: false };
  readonly #source: PageSource<Page>;
  readonly #options: PageOptions;

  constructor(source: PageSource<Page>, options: PageOptions) {
    this.#source = source;
    this.#options = options;
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Page> {
    const source = this.#source;
    const seen = new Set<string>();
    let url: string | undefined = source.firstUrl;
    while (url !== undefined) {
      seen.add(url);
      const page = await source.fetchPage(url);
      const shape = page as unknown as PageShape<Item>;
      this.state.pages += 1;
      this.state.items += shape.results.length;
      if (typeof shape.count === 'number') this.state.count = shape.count;
      yield page;
      url = this.#nextUrl(shape.next ?? null, seen);
      if (this.#options.maxPages !== undefined && this.state.pages >= this.#options.maxPages) break;
    }
  }

  /** The items of every page. */
  async *items(): AsyncGenerator<Item, void, undefined> {
    for await (const page of this) yield* (page as unknown as PageShape<Item>).results;
  }

  /** Collects the items into an array (mind the size of what you ask for). */
  async toArray(): Promise<Item[]> {
    const out: Item[] = [];
    for await (const item of this.items()) out.push(item);
    return out;
  }

  #nextUrl(next: string | null, seen: Set<string>): string | undefined {
    const source = this.#source;
    const cap = LIMITS.offsetPage.maxReachable;
    if (next === null) {
      this.state.done = true;
      if (source.isOffsetPaged && (this.state.count ?? 0) > cap) this.#reportCap();
      return undefined;
    }
    const url = this.#options.rebaseLinks ? rebase(next, source.baseUrl) : next;
    // A server that keeps linking past the cap is not followed there.
    if (source.isOffsetPaged && (offsetOf(url) ?? 0) >= cap) {
      this.#reportCap();
      return undefined;
    }
    if (seen.has(url)) {
      source.warn({
        kind: 'link-loop',
        endpoint: source.endpoint,
        message: `next link repeats ${url}; stopped`,
      });
      return undefined;
    }
    return url;
  }

  #reportCap() {
    if (this.state.capped) return;
    this.state.capped = true;
    const reachable = LIMITS.offsetPage.maxReachable;
    const info: CapInfo = {
      endpoint: this.#source.endpoint,
      count: this.state.count ?? reachable,
      reachable,
      fetched: this.state.items,
    };
    this.#options.onCapReached?.(info);
    this.#source.warn({
      kind: 'offset-cap',
      endpoint: info.endpoint,
      message: `${info.endpoint}: ${info.count} items match but only the first ${reachable} are reachable by offset; use the cursor (all) endpoint or narrower filters for the rest`,
    });
  }
}
