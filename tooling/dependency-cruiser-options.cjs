// How dependency-cruiser reads a package of this repository (its .dependency-cruiser.cjs holds the
// rules): TypeScript sources with type-only imports counted, packages resolved by their exports.
module.exports = {
  doNotFollow: { path: 'node_modules' },
  exclude: { path: '\\.d\\.ts$' },
  tsPreCompilationDeps: true,
  tsConfig: { fileName: 'tsconfig.json' },
  enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default', 'types'] },
};
