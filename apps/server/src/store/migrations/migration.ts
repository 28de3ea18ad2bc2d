export interface Migration {
  /** Applied in ascending order; never renumber or edit an applied migration, add a new one. */
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}
