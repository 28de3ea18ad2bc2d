/** The v3 collection a path belongs to: `conversations`, `contact_identities`, `notes`, `operators`, `navigation`. */
export const collectionOf = (path: string): string | undefined => /^\/api\/um\/v3\/(\w+)\//.exec(path)?.[1];
