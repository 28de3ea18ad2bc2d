import * as z from 'zod/v4';
import { decided } from '../decisions.js';
import { OperatorPresenceSchema, OperatorRoleSchema } from '../enums.js';
import { LIMITS } from '../limits.js';
import { doc } from '../openapi-meta.js';
import { EmailSchema, IdSchema, ShortStringSchema, TimestampSchema } from '../primitives.js';
import { openEnumOf } from '../strict.js';

export const OperatorSchema = doc(
  z.object({
    id: IdSchema,
    organization_id: IdSchema,
    name: z.string(),
    display_name: z.string(),
    email: EmailSchema,
    is_bot: z.boolean(),
    role: openEnumOf(OperatorRoleSchema),
    operator_group_ids: z.array(IdSchema),
    is_away: z.boolean(),
    status: openEnumOf(OperatorPresenceSchema),
    locale: z.string(),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  }),
  { description: 'An operator (human or bot).', ...decided('D4') },
);
export type Operator = z.infer<typeof OperatorSchema>;

export const OperatorPatchSchema = doc(
  z
    .object({
      name: ShortStringSchema.min(1),
      display_name: ShortStringSchema.min(1),
      email: EmailSchema,
      role: OperatorRoleSchema,
      operator_group_ids: z
        .array(IdSchema)
        .max(LIMITS.maxArrayItems)
        .describe('Ids of operator groups of the organization; an unknown id answers 400.'),
      status: OperatorPresenceSchema,
      locale: ShortStringSchema.min(2),
      is_away: z.boolean().describe('Accepted and ignored: the away status changes only through /away/.'),
    })
    .partial()
    .strict(),
  {
    description: 'Fields to change on an operator. is_away is ignored here (v3 change list).',
    ...decided('D4'),
  },
);
export type OperatorPatch = z.infer<typeof OperatorPatchSchema>;

export const OperatorSlotsSchema = doc(
  z.object({
    operator_id: IdSchema,
    total_slots: z.number().int().nonnegative(),
    used_slots: z.number().int().nonnegative(),
    free_slots: z.number().int().nonnegative(),
  }),
  { description: 'Chat slots of an operator.', ...decided('D4') },
);
export type OperatorSlots = z.infer<typeof OperatorSlotsSchema>;

export const OperatorAwaySchema = doc(z.object({ is_away: z.boolean() }).strict(), {
  description: 'The away status of an operator.',
  ...decided('D4'),
});
export type OperatorAway = z.infer<typeof OperatorAwaySchema>;
