import { ANALYTICS_METRIC_NAMES } from '@org/model';
import { analyticsHandler } from './analytics.js';
import { contactHandlers } from './contacts.js';
import { conversationHandlers } from './conversations.js';
import { noteAndNavigationHandlers } from './notes-navigation.js';
import { operatorHandlers } from './operators.js';
import type { HandlerTable } from './types.js';

/**
 * Every endpoint's handler, keyed like the model's endpoint table; the compiler checks that it is
 * complete and that each handler takes its endpoint's input and returns its endpoint's answers.
 * A new endpoint's handler goes into the module of the resource its entry spreads in the model's
 * table (`...CONVERSATIONS` -> conversations.ts; a nested list belongs to the resource it lists, as
 * `/contact_identities/{id}/conversations/` does); nothing here changes.
 */
export const handlers: HandlerTable = {
  ...conversationHandlers,
  ...noteAndNavigationHandlers,
  ...contactHandlers,
  ...operatorHandlers,
  analyticsLatest: analyticsHandler,
  // One handler answers every metric: its body is the unversioned endpoint's (the union of every
  // metric's kind), and each metric's points are checked against that metric's schema in tests.
  ...(Object.fromEntries(
    ANALYTICS_METRIC_NAMES.map((m) => [`analytics_${m}`, analyticsHandler]),
  ) as unknown as Pick<HandlerTable, `analytics_${(typeof ANALYTICS_METRIC_NAMES)[number]}`>),
};
