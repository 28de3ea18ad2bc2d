import * as z from 'zod/v4';
import { decided } from '../decisions.js';
import { doc } from '../openapi-meta.js';
import { IdSchema, TimestampSchema } from '../primitives.js';

export const NavigationEventSchema = doc(
  z.object({
    id: IdSchema,
    organization_id: IdSchema,
    contact_identity_id: IdSchema,
    conversation_id: IdSchema.nullable(),
    um_widget_id: IdSchema,
    url: z.string(),
    title: z.string(),
    referrer: z.string().nullable(),
    created_at: TimestampSchema,
  }),
  { description: 'A page view of a contact.', ...decided('D5') },
);
export type NavigationEvent = z.infer<typeof NavigationEventSchema>;
