import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type {
  AnalyticsDataPoint,
  AnalyticsResponse,
  AnalyticsTime,
  ContactCursorPage,
  ContactIdentity,
  ContactPage,
  ContactPatch,
  ContactUpsert,
  Conversation,
  ConversationCursorPage,
  ConversationDetail,
  ConversationPage,
  ConversationPart,
  ConversationPatch,
  CountryCode,
  EmbeddedContact,
  ErrorBody,
  Message,
  MessageId,
  MessagePage,
  MessageSender,
  MessageState,
  NavigationEvent,
  NavigationEventPage,
  Note,
  NoteCreate,
  NotePage,
  Operator,
  OperatorAway,
  OperatorPage,
  OperatorPatch,
  OperatorSlots,
  Timestamp,
  Topic,
  WidgetRef,
} from './index.js';
import { componentSchemas } from './openapi/components.js';

const guide = readFileSync(
  fileURLToPath(new URL('../../../docs/guides/using-the-model.md', import.meta.url)),
  'utf8',
);

describe('the named types of the answers', () => {
  it('the guide lists every component of the document (a metric’s data point is an AnalyticsDataPoint)', () => {
    const named = Object.keys(componentSchemas()).filter((name) => !/^Um[A-Za-z]+DataPoint$/.test(name));
    expect(named.filter((name) => !guide.includes(`\`${name}\``))).toEqual([]);
  });

  it('each is exported, and an answer’s parts are typed by them', () => {
    expectTypeOf<Conversation['contact']>().toEqualTypeOf<EmbeddedContact>();
    expectTypeOf<Conversation['topics']>().toEqualTypeOf<Topic[]>();
    expectTypeOf<Conversation['um_widget']>().toEqualTypeOf<WidgetRef>();
    expectTypeOf<Message['sender']>().toEqualTypeOf<MessageSender>();
    expectTypeOf<Message['state']>().toEqualTypeOf<MessageState>();
    expectTypeOf<ConversationPage['results']>().toEqualTypeOf<Conversation[]>();
    expectTypeOf<ConversationDetail['conversation_part_set']>().toEqualTypeOf<ConversationPart[]>();
    expectTypeOf<NotePage['results'][number]>().toEqualTypeOf<Note>();
    type All = [
      AnalyticsDataPoint,
      AnalyticsResponse,
      AnalyticsTime,
      ContactCursorPage,
      ContactIdentity,
      ContactPage,
      ContactPatch,
      ContactUpsert,
      ConversationCursorPage,
      ConversationPatch,
      CountryCode,
      ErrorBody,
      MessageId,
      MessagePage,
      NavigationEvent,
      NavigationEventPage,
      NoteCreate,
      Operator,
      OperatorAway,
      OperatorPage,
      OperatorPatch,
      OperatorSlots,
      Timestamp,
    ];
    expectTypeOf<All>().not.toBeAny();
  });
});
