/** Types of declarations.mjs, for the tsup configs that import it. */
export declare const DECLARATIONS_DIR: string;
export declare function declarationEntries(entries: Record<string, string>): Record<string, string>;
