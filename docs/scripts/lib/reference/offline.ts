/**
 * The inlined Redoc bundle still names a few remote assets that it would fetch at run time. The page
 * must render with no network, so the build rewrites each of them to an inert data: URL and then checks
 * the result for anything that would still load from another machine.
 */

interface AssetRewrite {
  readonly pattern: RegExp;
  readonly replacement: string;
  readonly why: string;
}

/** A small text badge in place of the Redocly logo image: keeps the attribution, fetches nothing. */
const REDOC_BADGE_SVG = `data:image/svg+xml,${encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' width='44' height='12'><text x='0' y='10' font-size='10' font-family='sans-serif' fill='%23555'>Redoc</text></svg>",
)}`;

export const ASSET_REWRITES: readonly AssetRewrite[] = [
  {
    pattern: /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(?:-full)?\.svg/g,
    replacement: REDOC_BADGE_SVG,
    why: 'the "API docs by" badge loads its logo from the Redoc CDN after hydration',
  },
  {
    pattern: /https:\/\/cdn\.redocly\.com\/icons\/[a-z-]+\/[0-9.]+/g,
    replacement: 'data:image/svg+xml,',
    why: 'icon packs are CSS masks fetched from the Redocly CDN; an empty data: URL draws no icon and loads nothing',
  },
  {
    pattern: /https:\/\/otel\.cloud\.redocly\.com\/v1\/traces/g,
    replacement: 'data:,telemetry-disabled',
    why: 'telemetry is switched off by option; the endpoint is removed as well so no option change can re-enable it',
  },
];

export const makeOffline = (html: string): string =>
  ASSET_REWRITES.reduce((page, rewrite) => page.replace(rewrite.pattern, rewrite.replacement), html);

/** Hosts that serve assets (fonts, scripts, icons, telemetry); any mention of them is a finding. */
const ASSET_HOSTS = [
  'fonts.googleapis.com',
  'fonts.gstatic.com',
  'cdn.redoc.ly',
  'cdn.redocly.com',
  'otel.cloud.redocly.com',
  'cdn.jsdelivr.net',
  'unpkg.com',
];

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const isLoopback = (hostAndPath: string): boolean => {
  const host = hostAndPath.split(/[/:?#]/)[0] ?? '';
  return LOOPBACK_HOSTS.has(host.toLowerCase()) || hostAndPath.startsWith('[::1]');
};

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
export const findExternalResourceReferences = (html: string): string[] => {
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
};

/** The page options redocly embeds; telemetry must be off or Redoc would post traces from the browser. */
export const telemetryDisabled = (html: string): boolean =>
  /const __redoc_options = \{[^\n]*"disableTelemetry":true/.test(html);
