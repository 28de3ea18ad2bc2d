// A team that cares about bundle size (browser code) parses with `@org/model/mini`: the same rules
// as the model's schemas, in zod mini. The registry install proves the entry resolves here (ESM, or
// require() under node16).
import { conversationExample } from '@org/model';
import { ConversationSchema } from '@org/model/mini';

export function parseWithMini(): { id: number; rejectsWrongId: boolean } {
  const conversation = ConversationSchema.parse(conversationExample);
  const wrong = ConversationSchema.safeParse({ ...conversationExample, id: 'x' });
  return { id: conversation.id, rejectsWrongId: !wrong.success };
}
