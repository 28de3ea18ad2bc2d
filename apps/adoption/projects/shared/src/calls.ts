// Twenty client calls as a consuming team writes them: lists with filters, single records, pages,
// writes, analytics and an expected error. Every response is parsed by the client with the model
// (`validateResponses`). The bench type-checks this file against an empty project (issue 13).
import { type ApiClient, isApiError } from '@org/client';

const DAY = 86_400_000;

export interface CallSummary {
  readonly calls: number;
  readonly conversations: number;
  readonly contacts: number;
  readonly notFound: boolean;
}

export async function useTheApi(client: ApiClient, organizationId: number): Promise<CallSummary> {
  let calls = 0;
  const call = <T>(result: Promise<T>): Promise<T> => {
    calls += 1;
    return result;
  };

  const conversations = await call(
    client.request('listConversations', { query: { limit: 5, ordering: '-last_message_sent_at' } }),
  );
  const first = conversations.results[0];
  if (!first) throw new Error('the reference server has no conversations');
  const detail = await call(client.request('getConversation', { params: { id: first.id } }));
  const byStatus = await call(client.request('listConversations', { query: { status: detail.status } }));
  await call(client.request('listConversations', { query: { exclude_ids: [first.id], limit: 2 } }));
  await call(
    client.request('listConversations', { query: { updated_at_from_date: new Date(Date.now() - DAY) } }),
  );
  await call(client.request('listAllConversations', { query: { limit: 3 } }));
  await call(client.request('listMessages', { params: { id: first.id }, query: { limit: 2 } }));
  await call(
    client.request('updateConversation', { params: { id: first.id }, body: { topics: ['Invoice'] } }),
  );

  const contacts = await call(client.request('listContacts', { query: { limit: 3 } }));
  const contact = contacts.results[0];
  if (!contact) throw new Error('the reference server has no contacts');
  const one = await call(client.request('getContact', { params: { id: contact.id } }));
  await call(client.request('listContacts', { query: { search_query: [one.name ?? 'x', 'zzzz'] } }));
  await call(client.request('listNavigationEvents', { query: { contact_identity_id: contact.id } }));

  const note = await call(
    client.request('createNote', { body: { contact_identity_id: contact.id, body: 'Called back.' } }),
  );
  await call(client.request('getNote', { params: { id: note.id } }));
  await call(client.request('listNotes', { query: { contact_identity_id: contact.id } }));
  await call(client.request('deleteNote', { params: { id: note.id } }));

  const operators = await call(client.request('listOperators', { query: { limit: 2 } }));
  const operator = operators.results[0];
  if (operator) await call(client.request('getOperator', { params: { id: operator.id } }));

  await call(
    client.request('analytics_um_conversation_duration', {
      query: {
        organization_id: [organizationId],
        event_date_from: new Date(Date.now() - 7 * DAY),
        event_date_to: new Date(),
      },
    }),
  );

  let notFound = false;
  try {
    await call(client.request('getNote', { params: { id: note.id } }));
  } catch (error) {
    if (!isApiError(error, 404)) throw error;
    notFound = error.status === 404;
  }
  return { calls, conversations: byStatus.count, contacts: contacts.count, notFound };
}
