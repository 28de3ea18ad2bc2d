import * as z from 'zod/v4';
import { decided } from './decisions.js';
import { doc } from './openapi-meta.js';

/** A string whose known values are documented but whose set is open: unknown values are accepted. */
const openString = <const K extends Record<string, string>>(known: K, what: string) => {
  const list = Object.entries(known)
    .map(([value, meaning]) => `\`${value}\` (${meaning})`)
    .join(', ');
  type Value = (keyof K & string) | (string & {});
  return doc(z.string() as unknown as z.ZodType<Value, Value>, {
    type: 'string',
    description: `${what} Known values: ${list}. The set is open: other values can appear.`,
    example: Object.keys(known)[0],
    ...decided('D18'),
  });
};

export const CONVERSATION_STATUSES = {
  new: 'created, not yet answered by an operator',
  pending: 'waiting for a reply',
  ended: 'closed; every status other than ended is ongoing (D8)',
} as const;
export const ConversationStatusSchema = openString(CONVERSATION_STATUSES, 'Conversation status.');
export type ConversationStatus = z.infer<typeof ConversationStatusSchema>;
/** A conversation is ongoing unless it has ended. */
export function isOngoingStatus(status: string): boolean {
  return status !== 'ended';
}

export const MESSAGE_STATES = { 1: 'Submitted', 3: 'Delivered to contact', 4: 'Read by user' } as const;
export type MessageStateType = keyof typeof MESSAGE_STATES;
export const MessageStateTypeSchema = doc(z.number().int(), {
  type: 'integer',
  description: `Delivery state. Observed values: ${Object.entries(MESSAGE_STATES)
    .map(([t, m]) => `${t} = ${m}`)
    .join(', ')}. Transitions are not described.`,
  example: 1,
});

export const SENDER_TYPES = {
  contact: 'the visitor wrote it',
  operator: 'an operator (human or bot) wrote it',
} as const;
export const SenderTypeSchema = z.enum(['contact', 'operator']);

export const MessageTypeSchema = openString({ message: 'a chat message' }, 'Message type.');
export const PartTypeSchema = openString({ ChatMeta: 'a chat session' }, 'Conversation part type.');
export const GenderSchema = openString(
  { female: 'female', male: 'male', diverse: 'diverse' },
  'Gender as entered for the contact.',
);
export const SalutationSchema = openString(
  { ms: 'Ms', mr: 'Mr', mx: 'Mx', dr: 'Dr' },
  'Salutation as entered for the contact.',
);

/** Operator roles and what each may do. */
export const OPERATOR_ROLES = {
  admin: 'may do everything',
  operator:
    'may read everything and PATCH conversations, contacts and notes; may not delete nor change other operators',
  restricted: 'may only read',
} as const;
export type OperatorRole = keyof typeof OPERATOR_ROLES;
export const OperatorRoleSchema = doc(z.enum(['admin', 'operator', 'restricted']), {
  description: `Operator role (D4): ${Object.entries(OPERATOR_ROLES)
    .map(([r, m]) => `\`${r}\` ${m}`)
    .join('; ')}.`,
  ...decided('D4'),
});

export const OPERATOR_PRESENCE = {
  online: 'available',
  away: 'marked away',
  offline: 'not connected',
} as const;
export const OperatorPresenceSchema = doc(z.enum(['online', 'away', 'offline']), {
  description: 'Operator presence (D4).',
  ...decided('D4'),
});
