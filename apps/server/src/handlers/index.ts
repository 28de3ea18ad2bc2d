import { ANALYTICS_METRIC_NAMES } from '@org/model';
import { analyticsHandler } from './analytics.js';
import * as contacts from './contacts.js';
import * as conversations from './conversations.js';
import * as notes from './notes-navigation.js';
import * as operators from './operators.js';
import type { Handler, HandlerTable } from './types.js';

/** Every endpoint's handler, keyed like the model's endpoint table; the compiler checks it is complete. */
export const handlers: HandlerTable = {
  listConversations: conversations.listConversations,
  deleteConversations: conversations.deleteConversations,
  listAllConversations: conversations.listAllConversations,
  getConversation: conversations.getConversation,
  updateConversation: conversations.updateConversation,
  deleteConversation: conversations.deleteConversation,
  listMessages: conversations.listMessages,
  listNotes: notes.listNotes,
  createNote: notes.createNote,
  getNote: notes.getNote,
  deleteNote: notes.deleteNote,
  listNavigationEvents: notes.listNavigationEvents,
  listContacts: contacts.listContacts,
  deleteContacts: contacts.deleteContacts,
  upsertContact: contacts.upsertContactHandler,
  listAllContacts: contacts.listAllContacts,
  getContact: contacts.getContact,
  updateContact: contacts.updateContactHandler,
  deleteContact: contacts.deleteContact,
  listOperators: operators.listOperators,
  getOperator: operators.getOperator,
  updateOperator: operators.updateOperator,
  deleteOperator: operators.deleteOperator,
  getOperatorSlots: operators.getOperatorSlots,
  setOperatorAway: operators.setOperatorAway,
  analyticsLatest: analyticsHandler as Handler<never>,
  ...(Object.fromEntries(ANALYTICS_METRIC_NAMES.map((m) => [`analytics_${m}`, analyticsHandler])) as Record<
    `analytics_${(typeof ANALYTICS_METRIC_NAMES)[number]}`,
    Handler<never>
  >),
};
