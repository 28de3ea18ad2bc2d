/** The table of each resource's records (keyed by the word a 404 uses): handlers name tables only here. */
export const TABLES = {
  conversation: 'conversations',
  message: 'messages',
  contact: 'contact_identities',
  note: 'notes',
  navigationEvent: 'navigation_events',
  operator: 'operators',
} as const;
export type Resource = keyof typeof TABLES;
