/**
 * The site must work with no network: the build checks every page for anything a browser would
 * load from another machine (the browser test then watches the requests themselves).
 */

/** Hosts that serve assets (fonts, scripts, icons, telemetry); any mention of them is a finding. */
const ASSET_HOSTS = [
  'fonts.googleapis.com',
  'fonts.gstatic.com',
  'fonts.scalar.com',
  'proxy.scalar.com',
  'cdn.jsdelivr.net',
  'unpkg.com',
];

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLoopback(hostAndPath: string): boolean {
  const host = hostAndPath.split(/[/:?#]/)[0] ?? '';
  return LOOPBACK_HOSTS.has(host.toLowerCase()) || hostAndPath.startsWith('[::1]');
}

/**
 * References that make a browser load something: element sources (not plain <a> links, which only
 * navigate when clicked), CSS url() and @import, and any mention of a known asset host.
 */
const LOADING_REFERENCES: readonly RegExp[] = [
  /<(?:link|script|img|iframe|source|video|audio|embed|object|image|use)\b[^>]*?\s(?:src|href|srcset|data|poster|xlink:href)\s*=\s*["']?((?:https?:)?\/\/[^"'\s>]+)/gi,
  /url\(\s*["']?((?:https?:)?\/\/[^)"'\s]+)/gi,
  /@import\s+(?:url\(\s*)?["']?((?:https?:)?\/\/[^)"'\s;]+)/gi,
];

/** Every external (non-loopback) URL the page would load, plus every asset-host mention. */
export function findExternalResourceReferences(html: string): string[] {
  const found = new Set<string>();
  for (const pattern of LOADING_REFERENCES) {
    for (const match of html.matchAll(pattern)) {
      const url = match[1] ?? '';
      if (!isLoopback(url.replace(/^(?:https?:)?\/\//, ''))) found.add(url);
    }
  }
  for (const host of ASSET_HOSTS) {
    if (html.includes(host)) found.add(host);
  }
  return [...found].sort();
}
