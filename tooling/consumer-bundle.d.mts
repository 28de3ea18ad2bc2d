/** Types of consumer-bundle.mjs, for the model's bundle-size test and the bench. */
export declare function consumerBundleOptions(
  source: string,
  resolveDir: string,
  zod: 'bundled' | 'external',
): {
  stdin: { contents: string; loader: 'js'; resolveDir: string };
  bundle: true;
  minify: true;
  write: false;
  format: 'esm';
  platform: 'neutral';
  external: string[];
  logLevel: 'silent';
};
