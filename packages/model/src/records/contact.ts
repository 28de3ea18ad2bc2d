import * as z from 'zod/v4';
import { ISO_COUNTRY_CODES } from '../countries.js';
import { decided } from '../decisions.js';
import { GenderSchema, SalutationSchema } from '../enums.js';
import { doc } from '../openapi-meta.js';
import { EmailSchema, IdSchema, ShortStringSchema, TimestampSchema, UuidSchema } from '../primitives.js';
import { isCountryCode } from '../refinements.js';

export const CountryCodeSchema = doc(
  z.string().refine(isCountryCode, {
    message: 'Expected a two-letter ISO 3166-1 country code, e.g. DE.',
  }),
  {
    // The codes themselves, not a pattern of two capitals: the document admits what the check does.
    type: 'string',
    enum: [...ISO_COUNTRY_CODES],
    description: 'Two-letter ISO 3166-1 country code.',
    example: 'DE',
  },
);

/** The contact fields shared by the contact identity and the contact embedded in a conversation. */
const contactFields = {
  id: IdSchema,
  name: z.string().nullable(),
  email: z.string().nullable(),
  email_verified: z.boolean(),
  salutation: SalutationSchema.nullable(),
  gender: GenderSchema.nullable(),
  company: z.string().nullable(),
  position: z.string().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  country: CountryCodeSchema.nullable(),
  phone_number: z.string().nullable(),
  mobile_number: z.string().nullable(),
  is_mobile_number_verified: z.boolean(),
  verified: z.boolean().describe('True when the email or the mobile number is verified.'),
  locale: z.string(),
  contact_by_email: z.boolean(),
  contact_by_phone: z.boolean(),
  contact_by_service_channels: z.boolean(),
  contact_by_service_messenger: z.boolean(),
  external_customer_id: doc(z.string().nullable(), {
    description: 'Identifier of the contact in the customer’s own systems.',
    ...decided('D20'),
  }),
  is_blocked: z.boolean(),
  needs_register: z.boolean(),
  created_at: TimestampSchema,
  first_message_sent_at: TimestampSchema,
  last_message_sent_at: TimestampSchema,
  loc_lat: z.number(),
  loc_lon: z.number(),
  url_facebook: z.string().nullable(),
  url_linkedin: z.string().nullable(),
  url_profile_picture: z.string().nullable(),
  url_twitter: z.string().nullable(),
  read_permission: z.boolean(),
  write_permission: z.boolean(),
};

/** The contact as embedded in a conversation: without contact_uuids and conversation_count. */
/** A two-letter ISO 3166-1 country code, e.g. `DE`. */
export type CountryCode = z.infer<typeof CountryCodeSchema>;

export const EmbeddedContactSchema = doc(z.object(contactFields), {
  description: 'The contact of a conversation.',
});
export type EmbeddedContact = z.infer<typeof EmbeddedContactSchema>;

export const ContactIdentitySchema = doc(
  z.object({
    ...contactFields,
    contact_uuids: z.array(UuidSchema).describe('UUIDs of the contact’s conversations.'),
    conversation_count: z.number().int().nonnegative(),
  }),
  { description: 'A contact (contact identity).' },
);
export type ContactIdentity = z.infer<typeof ContactIdentitySchema>;
/** A contact as the API returns it (the description calls the record a contact identity). */
export type Contact = ContactIdentity;

/** The fields a PATCH on a contact may set, exactly those the description lists. */
export const ContactPatchSchema = doc(
  z
    .object({
      email: EmailSchema.nullable(),
      name: ShortStringSchema.nullable(),
      salutation: SalutationSchema.nullable(),
      gender: GenderSchema.nullable(),
      street: ShortStringSchema.nullable(),
      city: ShortStringSchema.nullable(),
      country: CountryCodeSchema.nullable(),
      phone_number: ShortStringSchema.nullable(),
      mobile_number: ShortStringSchema.nullable(),
      contact_by_phone: z.boolean(),
      contact_by_email: z.boolean(),
      contact_by_service_messenger: z.boolean(),
    })
    .partial()
    .strict(),
  { description: 'Fields to change on a contact; any subset. Other fields answer 400 (D12).' },
);
export type ContactPatch = z.infer<typeof ContactPatchSchema>;

/** The identifier fields a PUT contact_identities/?identifier= can upsert on. */
export const CONTACT_IDENTIFIERS = [
  'email',
  'external_customer_id',
  'mobile_number',
  'phone_number',
] as const;
export type ContactIdentifier = (typeof CONTACT_IDENTIFIERS)[number];

/** The PUT body: the PATCH fields plus external_customer_id, so any identifier can be sent. */
export const ContactUpsertSchema = doc(
  ContactPatchSchema.extend({ external_customer_id: ShortStringSchema.min(1).nullable() })
    .partial()
    .strict(),
  {
    description:
      'The PATCH fields plus external_customer_id; the field named by `identifier` must carry a value (D10).',
    ...decided('D10'),
  },
);
export type ContactUpsert = z.infer<typeof ContactUpsertSchema>;

/** The body must carry a value for the identifier it upserts on: without one there is nothing to match. */
export function contactUpsertBodyFor(identifier: ContactIdentifier) {
  return ContactUpsertSchema.superRefine((body, ctx) => {
    const value = body[identifier];
    if (value === undefined || value === null || value === '')
      ctx.addIssue({
        code: 'custom',
        path: [identifier],
        message: `Required: the contact is matched on ${identifier}.`,
      });
  });
}
