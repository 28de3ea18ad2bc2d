// How a team builds on the model: the model's schemas are zod 4 schemas, so the team's own zod 4
// (`zod` on zod 4, `zod/v4` on zod 3.25: each project's src/team-zod.ts) embeds, extends, picks and
// omits them, and z.toJSONSchema reads them.
// `tsc --noEmit` checks the type assertions at the end; test/composition.test.ts runs the rest.
import {
  type AnalyticsDataPoint,
  type AnalyticsDataPointSchema,
  type ContactIdentity,
  ContactIdentitySchema,
  type Conversation,
  type ConversationDetail,
  type ConversationDetailSchema,
  ConversationSchema,
  type ErrorBody,
  type ErrorBodySchema,
  type Message,
  type MessageSchema,
  type NavigationEvent,
  type NavigationEventSchema,
  type Note,
  type NoteSchema,
  type Operator,
  OperatorSchema,
  type Topic,
  type TopicSchema,
} from '@org/model';
import { z } from './team-zod.js';

/** The team's own record, embedding the model's contact and conversations. */
export const CrmLinkSchema = z.object({
  crm_id: z.string(),
  contact: ContactIdentitySchema,
  recent: z.array(ConversationSchema),
});

/** The model's contact with a field of the team's own. */
export const CrmContactSchema = ContactIdentitySchema.extend({ crm_id: z.string() });

/** The fields of a contact a list of the team's shows. */
export const ContactSummarySchema = ContactIdentitySchema.pick({ id: true, name: true, email: true });

/** An operator as the team caches it, without the fields that change every minute. */
export const CachedOperatorSchema = OperatorSchema.omit({ is_away: true, status: true });

/** The JSON Schema of a record, for the team's own documentation. */
export function contactJsonSchema() {
  return z.toJSONSchema(ContactIdentitySchema);
}

/** A and B are the same type, to the letter. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** A and B admit the same values (an intersection and the object it spells are alike). */
type Alike<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** z.infer of each named record schema is the model's named type (a compile error otherwise). */
export const namedTypesMatch: [
  Equal<z.infer<typeof ConversationSchema>, Conversation>,
  Equal<z.infer<typeof ConversationDetailSchema>, ConversationDetail>,
  Equal<z.infer<typeof ContactIdentitySchema>, ContactIdentity>,
  Equal<z.infer<typeof OperatorSchema>, Operator>,
  Equal<z.infer<typeof MessageSchema>, Message>,
  Equal<z.infer<typeof NoteSchema>, Note>,
  Equal<z.infer<typeof NavigationEventSchema>, NavigationEvent>,
  Equal<z.infer<typeof TopicSchema>, Topic>,
  Equal<z.infer<typeof AnalyticsDataPointSchema>, AnalyticsDataPoint>,
  Equal<z.infer<typeof ErrorBodySchema>, ErrorBody>,
] = [true, true, true, true, true, true, true, true, true, true];

/** What the team's composed schemas infer: the model's types with the team's own fields. */
export const composedTypesMatch: [
  Equal<z.infer<typeof CrmLinkSchema>['contact'], ContactIdentity>,
  Alike<z.infer<typeof CrmContactSchema>, ContactIdentity & { crm_id: string }>,
  Alike<z.infer<typeof ContactSummarySchema>, Pick<ContactIdentity, 'id' | 'name' | 'email'>>,
  Alike<z.infer<typeof CachedOperatorSchema>, Omit<Operator, 'is_away' | 'status'>>,
] = [true, true, true, true];
