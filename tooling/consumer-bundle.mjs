// How a consumer's bundler sees a built package: esbuild over one ES module, bundled and minified for
// no particular platform, zod bundled in or left to the project. The model's bundle-size test and
// the bench's bundle rows both measure with these options, so their figures compare.

/**
 * esbuild's build options for `source`, an ES module whose imports resolve from `resolveDir`.
 * @param {string} source
 * @param {string} resolveDir
 * @param {'bundled' | 'external'} zod
 */
export function consumerBundleOptions(source, resolveDir, zod) {
  return {
    stdin: { contents: source, loader: 'js', resolveDir },
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    external: zod === 'external' ? ['zod', 'zod/*'] : [],
    logLevel: 'silent',
  };
}
