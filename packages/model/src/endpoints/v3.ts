import * as z from 'zod/v4';
import { HEADERS_TOO_LARGE_STATUS } from '../errors.js';
import {
  contactIdentityExample,
  conversationDetailExample,
  conversationExample,
  messageExample,
  navigationEventExample,
  noteExample,
  operatorExample,
  operatorSlotsExample,
} from '../examples.js';
import { countedCursorPageSchemaOf, cursorPageSchemaOf, offsetPageSchemaOf } from '../pages.js';
import { enumParam } from '../query/params.js';
import {
  AllContactsQuerySchema,
  AllConversationsQuerySchema,
  DeleteContactsQuerySchema,
  DeleteConversationsQuerySchema,
  ListContactsQuerySchema,
  ListConversationsQuerySchema,
  ListNavigationQuerySchema,
  ListNotesQuerySchema,
  ListOperatorsQuerySchema,
  MessagesQuerySchema,
  SingleResourceQuerySchema,
  UpsertContactQuerySchema,
} from '../query/v3.js';
import { ContactIdentitySchema, ContactPatchSchema, ContactUpsertSchema } from '../records/contact.js';
import {
  ConversationDetailSchema,
  ConversationPatchSchema,
  ConversationSchema,
  MessageSchema,
} from '../records/conversation.js';
import { NavigationEventSchema } from '../records/navigation-event.js';
import { NoteCreateSchema, NoteSchema } from '../records/note.js';
import {
  OperatorAwaySchema,
  OperatorPatchSchema,
  OperatorSchema,
  OperatorSlotsSchema,
} from '../records/operator.js';
import { servedAs, V3, V3_RESOURCES } from '../resources.js';
import { endpoint } from './define.js';

export { V3, V3_RESOURCES };

const BASE_URL = 'http://localhost:3000';

export const ConversationPageSchema = offsetPageSchemaOf(ConversationSchema);
export const ConversationCursorPageSchema = countedCursorPageSchemaOf(ConversationSchema);
export const MessagePageSchema = cursorPageSchemaOf(MessageSchema);
export const ContactPageSchema = offsetPageSchemaOf(ContactIdentitySchema);
export const ContactCursorPageSchema = countedCursorPageSchemaOf(ContactIdentitySchema);
export const NotePageSchema = offsetPageSchemaOf(NoteSchema);
export const NavigationEventPageSchema = offsetPageSchemaOf(NavigationEventSchema);
export const OperatorPageSchema = offsetPageSchemaOf(OperatorSchema);

/** The pages the endpoints answer, by name (as the document's components name them). */
export type ConversationPage = z.infer<typeof ConversationPageSchema>;
export type ConversationCursorPage = z.infer<typeof ConversationCursorPageSchema>;
export type MessagePage = z.infer<typeof MessagePageSchema>;
export type ContactPage = z.infer<typeof ContactPageSchema>;
export type ContactCursorPage = z.infer<typeof ContactCursorPageSchema>;
export type NotePage = z.infer<typeof NotePageSchema>;
export type NavigationEventPage = z.infer<typeof NavigationEventPageSchema>;
export type OperatorPage = z.infer<typeof OperatorPageSchema>;

const offsetPageExample = <T>(path: string, item: T) => ({
  count: 57,
  next: `${BASE_URL}${path}?limit=10&offset=10`,
  previous: null,
  results: [item],
});
const cursorPageExample = <T>(path: string, item: T, id: number | string, count?: number) => ({
  next: `${BASE_URL}${path}?cursor=${id}&limit=10`,
  previous: `${BASE_URL}${path}?cursor=-${id}&limit=10`,
  results: [item],
  ...(count === undefined ? {} : { count }),
});

const C = `${V3}/conversations/`;
const CT = `${V3}/contact_identities/`;

// Each endpoint names its resource (the registry, resources.ts), never its rate-limit counter or tag.
const CONVERSATIONS = servedAs('conversations');
const MESSAGES = servedAs('messages');
const CONTACTS = servedAs('contacts');
const NOTES = servedAs('notes');
const NAVIGATION = servedAs('navigationEvents');
const OPERATORS = servedAs('operators');

export const v3Endpoints = {
  listConversations: endpoint({
    method: 'GET',
    path: `${V3}/conversations/`,
    ...CONVERSATIONS,
    summary: 'List conversations',
    description:
      'An offset page of conversations, newest first by default. Filters combine with AND; search_query ranks by relevance. At most 10,000 items are reachable.',
    query: ListConversationsQuerySchema,
    success: { 200: ConversationPageSchema },
    decisions: ['D6', 'D11'],
    example: { query: { status: 'ended', limit: '10' }, response: offsetPageExample(C, conversationExample) },
  }),
  deleteConversations: endpoint({
    method: 'DELETE',
    path: `${V3}/conversations/`,
    ...CONVERSATIONS,
    summary: 'Delete conversations in bulk',
    description:
      'Deletes up to `limit` (default 10, at most 100) matching conversations in the default order, in one transaction. Ongoing conversations (any status but ended) are never bulk-deleted. delete_ids restricts to those ids whatever the other filters; exclude_ids always wins.',
    query: DeleteConversationsQuerySchema,
    success: { 204: null },
    decisions: ['D8'],
    example: { query: { status: 'ended', delete_ids: '1042,1043' } },
  }),
  listAllConversations: endpoint({
    method: 'GET',
    path: `${V3}/conversations/all/`,
    ...CONVERSATIONS,
    summary: 'List all conversations (cursor)',
    description: 'A cursor page of conversations with no cap on the total; ordering by id only.',
    query: AllConversationsQuerySchema,
    success: { 200: ConversationCursorPageSchema },
    decisions: ['D7', 'D16'],
    example: {
      query: { cursor: '1042', limit: '10' },
      response: cursorPageExample(`${C}all/`, conversationExample, 1042, 57),
    },
  }),
  getConversation: endpoint({
    method: 'GET',
    path: `${V3}/conversations/{id}/`,
    ...CONVERSATIONS,
    summary: 'Get a conversation',
    description: 'One conversation including its conversation_part_set.',
    query: SingleResourceQuerySchema,
    success: { 200: ConversationDetailSchema },
    decisions: ['D9'],
    example: { params: { id: 1042 }, response: conversationDetailExample },
  }),
  updateConversation: endpoint({
    method: 'PATCH',
    path: `${V3}/conversations/{id}/`,
    ...CONVERSATIONS,
    summary: 'Update the topics of a conversation',
    description:
      'Sets the topics of the conversation (topic texts; unknown texts create topics) and returns it.',
    query: SingleResourceQuerySchema,
    body: ConversationPatchSchema,
    success: { 200: ConversationDetailSchema },
    decisions: ['D12'],
    example: { params: { id: 1042 }, body: { topics: ['Invoice'] }, response: conversationDetailExample },
  }),
  deleteConversation: endpoint({
    method: 'DELETE',
    path: `${V3}/conversations/{id}/`,
    ...CONVERSATIONS,
    summary: 'Delete a conversation',
    description: 'Deletes one conversation, ongoing or not (D8).',
    query: SingleResourceQuerySchema,
    success: { 204: null },
    decisions: ['D8'],
    example: { params: { id: 1042 } },
  }),
  listMessages: endpoint({
    method: 'GET',
    path: `${V3}/conversations/{id}/messages/`,
    ...MESSAGES,
    summary: 'List the messages of a conversation',
    description: 'A cursor page of messages, 100 by default; counts toward the conversations limit (D2).',
    query: MessagesQuerySchema,
    success: { 200: MessagePageSchema },
    decisions: ['D2', 'D7'],
    example: {
      params: { id: 1042 },
      response: { ...cursorPageExample(`${C}1042/messages/`, messageExample, '1042.2077.3'), next: null },
    },
  }),
  listNotes: endpoint({
    method: 'GET',
    path: `${V3}/notes/`,
    ...NOTES,
    summary: 'List notes',
    description:
      'An offset page of notes, newest first; filter by contact_identity_id. Counts toward contacts (D2).',
    query: ListNotesQuerySchema,
    success: { 200: NotePageSchema },
    decisions: ['D5', 'D2'],
    example: {
      query: { contact_identity_id: '4711' },
      response: offsetPageExample(`${V3}/notes/`, noteExample),
    },
  }),
  createNote: endpoint({
    method: 'POST',
    path: `${V3}/notes/`,
    ...NOTES,
    summary: 'Create a note',
    description: 'Creates a note about a contact of the organization and returns it.',
    query: SingleResourceQuerySchema,
    body: NoteCreateSchema,
    success: { 201: NoteSchema },
    decisions: ['D5'],
    example: { body: { contact_identity_id: 4711, body: noteExample.body }, response: noteExample },
  }),
  getNote: endpoint({
    method: 'GET',
    path: `${V3}/notes/{id}/`,
    ...NOTES,
    summary: 'Get a note',
    description: 'One note.',
    query: SingleResourceQuerySchema,
    success: { 200: NoteSchema },
    example: { params: { id: 88 }, response: noteExample },
  }),
  deleteNote: endpoint({
    method: 'DELETE',
    path: `${V3}/notes/{id}/`,
    ...NOTES,
    summary: 'Delete a note',
    description: 'Deletes one note.',
    query: SingleResourceQuerySchema,
    success: { 204: null },
    example: { params: { id: 88 } },
  }),
  listNavigationEvents: endpoint({
    method: 'GET',
    path: `${V3}/navigation/`,
    ...NAVIGATION,
    summary: 'List navigation events',
    description: 'An offset page of navigation events, ordered by id (default -id).',
    query: ListNavigationQuerySchema,
    success: { 200: NavigationEventPageSchema },
    decisions: ['D5'],
    example: {
      query: { ordering: '-id' },
      response: offsetPageExample(`${V3}/navigation/`, navigationEventExample),
    },
  }),
  listContacts: endpoint({
    method: 'GET',
    path: `${V3}/contact_identities/`,
    ...CONTACTS,
    summary: 'List contacts',
    description:
      'An offset page of contacts, newest first by default. Filters combine with AND; search_query ranks by relevance. At most 10,000 items are reachable.',
    query: ListContactsQuerySchema,
    success: { 200: ContactPageSchema },
    decisions: ['D6', 'D11'],
    example: { query: { search_query: 'berlin' }, response: offsetPageExample(CT, contactIdentityExample) },
  }),
  deleteContacts: endpoint({
    method: 'DELETE',
    path: `${V3}/contact_identities/`,
    ...CONTACTS,
    summary: 'Delete contacts in bulk',
    description:
      'Deletes up to `limit` (default 10, at most 100) matching contacts in the default order, in one transaction; delete_ids restricts to those ids; exclude_ids always wins.',
    query: DeleteContactsQuerySchema,
    success: { 204: null },
    decisions: ['D8'],
    example: { query: { delete_ids: '4711' } },
  }),
  upsertContact: endpoint({
    method: 'PUT',
    path: `${V3}/contact_identities/`,
    ...CONTACTS,
    summary: 'Create or update a contact by an identifier field',
    description:
      'Upserts on the field named by `identifier` (email, external_customer_id, mobile_number or phone_number): 200 with the updated contact, 201 with a created one.',
    query: UpsertContactQuerySchema,
    body: ContactUpsertSchema,
    success: { 200: ContactIdentitySchema, 201: ContactIdentitySchema },
    // 404: the matching contact is listed in exclude_ids (a PUT has no id in its path).
    additionalErrors: [404],
    decisions: ['D10'],
    example: {
      query: { identifier: 'email' },
      body: { email: 'lena.hoffmann@example.org', city: 'Berlin' },
      response: contactIdentityExample,
    },
  }),
  listAllContacts: endpoint({
    method: 'GET',
    path: `${V3}/contact_identities/all/`,
    ...CONTACTS,
    summary: 'List all contacts (cursor)',
    description: 'A cursor page of contacts with no cap on the total; ordering by id only.',
    query: AllContactsQuerySchema,
    success: { 200: ContactCursorPageSchema },
    decisions: ['D7', 'D16'],
    example: {
      query: { limit: '10' },
      response: cursorPageExample(`${CT}all/`, contactIdentityExample, 4711, 57),
    },
  }),
  getContact: endpoint({
    method: 'GET',
    path: `${V3}/contact_identities/{id}/`,
    ...CONTACTS,
    summary: 'Get a contact',
    description: 'One contact.',
    query: SingleResourceQuerySchema,
    success: { 200: ContactIdentitySchema },
    example: { params: { id: 4711 }, response: contactIdentityExample },
  }),
  updateContact: endpoint({
    method: 'PATCH',
    path: `${V3}/contact_identities/{id}/`,
    ...CONTACTS,
    summary: 'Update a contact',
    description: 'Changes any of the writable fields and returns the full updated contact.',
    query: SingleResourceQuerySchema,
    body: ContactPatchSchema,
    success: { 200: ContactIdentitySchema },
    decisions: ['D12'],
    example: {
      params: { id: 4711 },
      body: { city: 'Berlin', country: 'DE' },
      response: contactIdentityExample,
    },
  }),
  deleteContact: endpoint({
    method: 'DELETE',
    path: `${V3}/contact_identities/{id}/`,
    ...CONTACTS,
    summary: 'Delete a contact',
    description: 'Deletes one contact with its notes; answers 204 with no body.',
    query: SingleResourceQuerySchema,
    success: { 204: null },
    example: { params: { id: 4711 } },
  }),
  listOperators: endpoint({
    method: 'GET',
    path: `${V3}/operators/`,
    ...OPERATORS,
    summary: 'List operators',
    description: 'An offset page of the operators of the organization.',
    query: ListOperatorsQuerySchema,
    success: { 200: OperatorPageSchema },
    decisions: ['D4', 'D16'],
    example: { response: offsetPageExample(`${V3}/operators/`, operatorExample) },
  }),
  getOperator: endpoint({
    method: 'GET',
    path: `${V3}/operators/{id}/`,
    ...OPERATORS,
    summary: 'Get an operator',
    description: 'One operator.',
    query: SingleResourceQuerySchema,
    success: { 200: OperatorSchema },
    decisions: ['D4'],
    example: { params: { id: 12 }, response: operatorExample },
  }),
  updateOperator: endpoint({
    method: 'PATCH',
    path: `${V3}/operators/{id}/`,
    ...OPERATORS,
    summary: 'Update an operator',
    description: 'Changes an operator and returns it; the away status is not changed here (use /away/).',
    query: SingleResourceQuerySchema,
    body: OperatorPatchSchema,
    success: { 200: OperatorSchema },
    decisions: ['D4'],
    example: { params: { id: 12 }, body: { display_name: 'Jonas' }, response: operatorExample },
  }),
  deleteOperator: endpoint({
    method: 'DELETE',
    path: `${V3}/operators/{id}/`,
    ...OPERATORS,
    summary: 'Delete an operator',
    description: 'Deletes an operator; only admins may (D4).',
    query: SingleResourceQuerySchema,
    success: { 204: null },
    decisions: ['D4'],
    example: { params: { id: 12 } },
  }),
  getOperatorSlots: endpoint({
    method: 'GET',
    path: `${V3}/operators/{id}/slots/`,
    ...OPERATORS,
    summary: 'Get the slot data of an operator',
    description: 'Total, used and free chat slots of the operator.',
    query: SingleResourceQuerySchema,
    success: { 200: OperatorSlotsSchema },
    decisions: ['D4'],
    example: { params: { id: 12 }, response: operatorSlotsExample },
  }),
  setOperatorAway: endpoint({
    method: 'PATCH',
    path: `${V3}/operators/{id}/away/`,
    ...OPERATORS,
    summary: 'Change the away status of an operator',
    description: 'The only way to change is_away (v3 change list); returns the operator.',
    query: SingleResourceQuerySchema,
    body: OperatorAwaySchema,
    success: { 200: OperatorSchema },
    decisions: ['D4'],
    example: {
      params: { id: 12 },
      body: { is_away: true },
      response: { ...operatorExample, is_away: true, status: 'away' },
    },
  }),
} as const;

export const RETIRED_VERSIONS = ['v2'] as const;

/** v2 was disabled in February 2023; every v2 path answers 410 naming v3. */
export const retiredEndpoints = {
  retiredV2: endpoint({
    method: 'GET',
    path: '/api/um/v2/{resource}/',
    group: null,
    // Answered before anyone is asked who they are.
    authorization: 'none',
    tag: 'Versioning',
    summary: 'API v2 (retired)',
    description:
      'Every path and method under /api/um/v2/ answers 410 gone, naming v3 (v2 was disabled in February 2023).',
    params: z
      .object({ resource: enumParam(V3_RESOURCES, 'Any v2 path.').refine((v) => v !== undefined) })
      .strict(),
    success: {},
    // 400: a path that is not valid percent-encoding (refused before routing); 431: headers too
    // large. Nothing is counted on a retired path: no answer carries rate-limit headers.
    errors: [400, 410, HEADERS_TOO_LARGE_STATUS],
    decisions: ['D13'],
    deprecated: true,
    example: { params: { resource: 'conversations' } },
  }),
} as const;
