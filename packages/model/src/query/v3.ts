import * as z from 'zod/v4';
import { decided } from '../decisions.js';
import { pathParamsOf } from '../endpoints/define.js';
import { CONVERSATION_STATUSES, type ConversationStatus } from '../enums.js';
import { LIMITS } from '../limits.js';
import { ID_DIGITS } from '../primitives.js';
import { CONTACT_IDENTIFIERS } from '../records/contact.js';
import {
  boolParam,
  commaIdsParam,
  enumParam,
  idParam,
  intParam,
  messageExcludeIdsParam,
  type OptionalParam,
  requiredIdParam,
  searchParam,
  stringParam,
  timestampParam,
} from './params.js';

/** Query parameters of every v3 request (Common rules 6); a single resource it lists answers 404. */
export const commonQuery = {
  exclude_ids: commaIdsParam(
    'Comma-separated ids; the listed resources are not fetched, updated or deleted.',
    'D9',
  ),
};

const offsetPaging = {
  limit: intParam({
    description: `Page size; default ${LIMITS.offsetPage.defaultLimit}; larger than ${LIMITS.offsetPage.maxLimit} is replaced by ${LIMITS.offsetPage.maxLimit}.`,
    min: 1,
    clampTo: LIMITS.offsetPage.maxLimit,
    default: LIMITS.offsetPage.defaultLimit,
    decision: 'D6',
  }),
  offset: intParam({
    description: `Items to skip; default 0; an offset beyond the items gives an empty page; only the first ${LIMITS.offsetPage.maxReachable} items are reachable.`,
    min: 0,
    default: 0,
  }),
};

/** Cursors are ids (message ids on the messages list), bounded like every id. */
const ID_CURSOR = new RegExp(`^-?${ID_DIGITS}$`);
const MESSAGE_CURSOR = new RegExp(`^-?${ID_DIGITS}\\.${ID_DIGITS}\\.${ID_DIGITS}$`);
const cursorPaging = (
  limits: { defaultLimit: number; maxLimit: number },
  pattern = ID_CURSOR,
  example = '-1042',
) => ({
  cursor: stringParam(
    'The plain id of a resource; a leading minus sign selects the resources before it (D7).',
    {
      pattern: pattern.source,
      example,
      ...decided('D7', 'D46'),
    },
  ).refine(
    (v) => v === undefined || pattern.test(v),
    `Expected an id (1 to ${LIMITS.maxId}), optionally with a leading minus sign.`,
  ),
  limit: intParam({
    description: `Page size; default ${limits.defaultLimit}; larger than ${limits.maxLimit} is replaced by ${limits.maxLimit} (D16).`,
    min: 1,
    clampTo: limits.maxLimit,
    default: limits.defaultLimit,
    decision: 'D16',
  }),
});

const idOrdering = ['id', '-id'] as const;
const idOrderingParam = enumParam(idOrdering, 'Order by id; a leading minus reverses it. Default -id.', {
  default: '-id',
});

export const CONVERSATION_ORDERINGS = [
  'id',
  '-id',
  'last_message_sent_at',
  '-last_message_sent_at',
  'contact_first_message_sent_at',
  '-contact_first_message_sent_at',
  'contact_last_update_at',
  '-contact_last_update_at',
  'contact_last_message_sent_at',
  '-contact_last_message_sent_at',
] as const;

/** Every row of the conversation filters table. */
export const conversationFilters = {
  contact_uuid: stringParam('Conversations with that contact UUID.', { format: 'uuid' }).refine(
    (v) => v === undefined || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v),
    'Expected a UUID.',
  ),
  contact_identity_id: idParam('Conversations of that contact.'),
  operator_id: idParam('Conversations of that operator.'),
  // The set of statuses is open, so any value filters; typed as the known statuses plus any string.
  status: stringParam(
    `Conversations with that status (known values: ${Object.keys(CONVERSATION_STATUSES).join(', ')}).`,
  ) as OptionalParam<ConversationStatus>,
  topics: idParam('Conversations with that topic id.'),
  um_widget_id: idParam('Conversations conducted at least partly through that widget.'),
  chat_widget_id: idParam('Alias of um_widget_id (D20).'),
  contact_first_message_from_date: timestampParam('First contact message after the time.'),
  contact_first_message_to_date: timestampParam('First contact message before the time.'),
  contact_last_message_from_date: timestampParam('Last contact message after the time.'),
  contact_last_message_to_date: timestampParam('Last contact message before the time.'),
  updated_at_from_date: timestampParam('Last update of any data after the time.'),
  updated_at_to_date: timestampParam('Last update of any data before the time.'),
  last_activity_from_date: timestampParam(
    'Last activity after the time, counting only chat messages, cards (not card responses), WhatsApp messages, media messages, operator-assignment notifications, button messages and welcome messages after forwarding.',
  ),
  last_activity_to_date: timestampParam('Last activity before the time (see last_activity_from_date).'),
  id__gt: intParam({ description: 'Id greater than the value.', min: 0, max: LIMITS.maxId }),
  id__lt: intParam({ description: 'Id smaller than the value.', min: 0, max: LIMITS.maxId }),
};

const conversationSearch = {
  search_query: searchParam(
    'Keywords separated by + or a space, OR-combined, stemmed and prefix-matched; ordered by rank. Weights: contact name, email, street, city (A); messages (C).',
  ),
};

const bulkDeleteLimit = {
  limit: intParam({
    description: `How many matching resources to delete; default ${LIMITS.bulkDelete.defaultLimit}, at most ${LIMITS.bulkDelete.maxLimit}.`,
    min: 1,
    clampTo: LIMITS.bulkDelete.maxLimit,
    default: LIMITS.bulkDelete.defaultLimit,
    decision: 'D8',
  }),
  delete_ids: commaIdsParam(
    'Comma-separated ids: only these are deleted, whatever other filters or limits are given (exclude_ids still wins).',
    'D8',
  ),
};

/**
 * The collection queries of a searchable resource: the offset list (its ordering, search and
 * filters), the bulk delete (search and filters) and the counted cursor list (filters, id ordering).
 */
const collectionQueries = <O extends z.ZodType, S extends z.ZodRawShape, F extends z.ZodRawShape>(
  ordering: O,
  search: S,
  filters: F,
) => ({
  list: z.object({ ...commonQuery, ...offsetPaging, ordering, ...search, ...filters }).strict(),
  bulkDelete: z.object({ ...commonQuery, ...bulkDeleteLimit, ...search, ...filters }).strict(),
  all: z
    .object({ ...commonQuery, ...cursorPaging(LIMITS.cursorPage), ordering: idOrderingParam, ...filters })
    .strict(),
});

/** The ordering of a resource's offset list: any of its values, -id by default. */
const orderingParam = <const V extends readonly ['id', '-id', ...string[]]>(values: V) =>
  enumParam(values, 'Ordering; a leading minus reverses it. Default -id.', { default: '-id' });

const conversationQueries = collectionQueries(
  orderingParam(CONVERSATION_ORDERINGS),
  conversationSearch,
  conversationFilters,
);
export const ListConversationsQuerySchema = conversationQueries.list;
export const DeleteConversationsQuerySchema = conversationQueries.bulkDelete;
export const AllConversationsQuerySchema = conversationQueries.all;

export const MessagesQuerySchema = z
  .object({
    exclude_ids: messageExcludeIdsParam(
      'Comma-separated message ids, left out of the page; a whole number names the conversation itself (D9: 404 when it is listed).',
    ),
    ...cursorPaging(LIMITS.messagesPage, MESSAGE_CURSOR, '-1042.2077.3'),
    ordering: enumParam(
      ['id', '-id', 'sent_at', '-sent_at'],
      'Ordering of messages; default sent_at (oldest first).',
      {
        default: 'sent_at',
      },
    ),
  })
  .strict();

/** Single-resource requests accept only exclude_ids. */
export const SingleResourceQuerySchema = z.object(commonQuery).strict();

export const CONTACT_ORDERINGS = [
  'id',
  '-id',
  'created_at',
  '-created_at',
  'name',
  '-name',
  'email',
  '-email',
] as const;

export const contactFilters = {
  id: idParam('The contact with that id.'),
  email: stringParam('Contacts with that email.'),
  name: stringParam('Contacts with that name.'),
  to_date_time: timestampParam('Contacts active before the time.'),
  from_date_time: timestampParam('Contacts active after the time.'),
  verified: boolParam('Contacts whose email or mobile number is (not) verified.'),
  locale: stringParam('Contacts with that locale.'),
};

const contactSearch = {
  search_query: searchParam(
    'Keywords separated by + or a space, OR-combined, stemmed and prefix-matched; ordered by rank. Weights: name, email, street, city, country (A); notes (B).',
  ),
};

const contactQueries = collectionQueries(orderingParam(CONTACT_ORDERINGS), contactSearch, contactFilters);
export const ListContactsQuerySchema = contactQueries.list;
export const DeleteContactsQuerySchema = contactQueries.bulkDelete;
export const AllContactsQuerySchema = contactQueries.all;

export const UpsertContactQuerySchema = z
  .object({
    ...commonQuery,
    identifier: enumParam(CONTACT_IDENTIFIERS, 'The contact field to match on (D10).', {
      required: true,
      decision: 'D10',
    }),
  })
  .strict();

export const ListNotesQuerySchema = z
  .object({
    ...commonQuery,
    ...offsetPaging,
    ordering: idOrderingParam,
    contact_identity_id: idParam('Notes about that contact (D5).'),
  })
  .strict();

export const ListNavigationQuerySchema = z
  .object({
    ...commonQuery,
    ...offsetPaging,
    ordering: idOrderingParam,
    contact_identity_id: idParam('Navigation events of that contact (D5).'),
    conversation_id: idParam('Navigation events of that conversation (D5).'),
    um_widget_id: idParam('Navigation events on that widget (D5).'),
  })
  .strict();

export const ListOperatorsQuerySchema = z
  .object({ ...commonQuery, ...offsetPaging, ordering: idOrderingParam })
  .strict();

/** The path parameters of a `{id}` path: what `endpoint()` derives from such a path. */
export const IdPathSchema = pathParamsOf('{id}');
