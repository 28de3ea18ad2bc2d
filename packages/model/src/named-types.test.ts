import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type * as model from './index.js';
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
    expectTypeOf<model.Conversation['contact']>().toEqualTypeOf<model.EmbeddedContact>();
    expectTypeOf<model.Conversation['topics']>().toEqualTypeOf<model.Topic[]>();
    expectTypeOf<model.Conversation['um_widget']>().toEqualTypeOf<model.WidgetRef>();
    expectTypeOf<model.Message['sender']>().toEqualTypeOf<model.MessageSender>();
    expectTypeOf<model.Message['state']>().toEqualTypeOf<model.MessageState>();
    expectTypeOf<model.ConversationPage['results']>().toEqualTypeOf<model.Conversation[]>();
    expectTypeOf<model.ConversationDetail['conversation_part_set']>().toEqualTypeOf<
      model.ConversationPart[]
    >();
    expectTypeOf<model.NotePage['results'][number]>().toEqualTypeOf<model.Note>();
    type All = [
      model.AnalyticsDataPoint,
      model.AnalyticsResponse,
      model.AnalyticsTime,
      model.ContactCursorPage,
      model.ContactIdentity,
      model.ContactPage,
      model.ContactPatch,
      model.ContactUpsert,
      model.ConversationCursorPage,
      model.ConversationPatch,
      model.CountryCode,
      model.ErrorBody,
      model.MessageId,
      model.MessagePage,
      model.NavigationEvent,
      model.NavigationEventPage,
      model.NoteCreate,
      model.Operator,
      model.OperatorAway,
      model.OperatorPage,
      model.OperatorPatch,
      model.OperatorSlots,
      model.Timestamp,
    ];
    expectTypeOf<All>().not.toBeAny();
  });
});
