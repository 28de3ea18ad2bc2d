import * as z from 'zod/v4';
import { decided } from '../decisions.js';
import { doc } from '../openapi-meta.js';
import { IdSchema, TextSchema, TimestampSchema } from '../primitives.js';

export const NoteSchema = doc(
  z.object({
    id: IdSchema,
    contact_identity_id: IdSchema,
    operator_id: IdSchema.nullable().describe(
      'Author; null when written through the API without operator context.',
    ),
    body: z.string(),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  }),
  { description: 'A note about a contact.', ...decided('D5') },
);
export type Note = z.infer<typeof NoteSchema>;

export const NoteCreateSchema = doc(
  z.object({ contact_identity_id: IdSchema, body: TextSchema.min(1, 'A note needs a body.') }).strict(),
  { description: 'A new note: both fields are required.' },
);
export type NoteCreate = z.infer<typeof NoteCreateSchema>;
