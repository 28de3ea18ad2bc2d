import { expect, it } from 'vitest';
import { operatorGroupsOf } from '../store/test-support/test-states.js';
import { idsOf } from '../test-support/api.js';
import { setColumns, useTestServer } from '../test-support/harness.js';

/**
 * json-api-v3.md section 4 "Operators": every row of the endpoint table with the record, slots and
 * away status (PATCH ignores is_away, per the v3 change list) and the list (offset page by id), plus
 * Common rules 2, 3 and 6 on these endpoints. Role capabilities are in auth-tenancy.test.ts.
 */
const t = useTestServer();

it('GET operators/ lists the operators of the organization, ordered by id (-id by default)', async () => {
  const page = await t.api.ok('listOperators');
  const world = Object.values(t.org.operators).sort((a, b) => b - a);
  expect(idsOf(page)).toEqual(world);
  expect(page.count).toBe(world.length);
  expect(page.results.every((o) => o.organization_id === t.org.id)).toBe(true);
  expect(page.results.find((o) => o.id === t.org.operators.bot)).toMatchObject({ is_bot: true });
  expect(page.results.find((o) => o.id === t.org.operators.restricted)).toMatchObject({
    role: 'restricted',
    is_bot: false,
  });
  expect(idsOf(await t.api.ok('listOperators', { query: { ordering: 'id' } }))).toEqual([...world].reverse());
  const first = await t.api.ok('listOperators', { query: { limit: 3 } });
  expect(idsOf(await t.api.follow('listOperators', first.next))).toEqual(world.slice(3));
  expect(
    idsOf(await t.api.ok('listOperators', { query: { exclude_ids: String(t.org.operators.bot) } })),
  ).not.toContain(t.org.operators.bot);
});

it('GET operators/{id}/ returns one operator record', async () => {
  const operator = await t.fx.operator(t.org.id, { role: 'operator', name: 'Nina Nord' });
  const shown = await t.api.ok('getOperator', { params: { id: operator.id } });
  expect(shown).toEqual(operator);
  expect(shown).toMatchObject({
    name: 'Nina Nord',
    display_name: 'Nina',
    role: 'operator',
    is_away: false,
    status: 'online',
  });
  await t.api.fails('getOperator', { params: { id: operator.id + 1000 } }, 404, 'not_found');
});

it('PATCH operators/{id}/ changes the operator and returns it; is_away is ignored there', async () => {
  const operator = await t.fx.operator(t.org.id, { role: 'restricted' });
  // The groups must be the organization's own (foreign or unknown ids answer 400).
  const groups = await operatorGroupsOf(t.db, [t.org.id]);
  const changes = {
    name: 'Paula Paulsen',
    display_name: 'Paula',
    email: 'paula@example.com',
    role: 'operator',
    operator_group_ids: groups.map((g) => Number(g.id)),
    status: 'offline',
    locale: 'de_DE',
  } as const;
  expect(changes.operator_group_ids.length).toBeGreaterThan(0);
  const updated = await t.api.ok('updateOperator', {
    params: { id: operator.id },
    body: { ...changes, is_away: true },
  });
  expect(updated).toMatchObject({ ...changes, is_away: false });
  expect(updated.updated_at >= operator.updated_at).toBe(true);
  expect(await t.api.ok('getOperator', { params: { id: operator.id } })).toEqual(updated);
  const onlyAway = await t.api.ok('updateOperator', { params: { id: operator.id }, body: { is_away: true } });
  expect(onlyAway.is_away).toBe(false);
  await t.api.notFound('updateOperator', { params: { id: operator.id + 1000 }, body: { name: 'X' } });
});

it('PATCH operators/{id}/ rejects unknown, read-only and invalid fields with 400', async () => {
  const operator = await t.fx.operator(t.org.id);
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ operator: { name: 'Wrapped' } }, 'operator'],
    [{ is_bot: true }, 'is_bot'],
    [{ organization_id: t.orgB.id }, 'organization_id'],
    [{ email: 'nope' }, 'email'],
    [{ role: 'owner' }, 'role'],
    [{ status: 'busy' }, 'status'],
    [{ name: '' }, 'name'],
  ];
  for (const [body, field] of cases) {
    const error = await t.api.fails('updateOperator', { params: { id: operator.id }, body }, 400, 'invalid');
    expect(error.errors, JSON.stringify(body)).toHaveProperty(field);
  }
  expect(await t.api.ok('getOperator', { params: { id: operator.id } })).toEqual(operator);
});

it('DELETE operators/{id}/ answers 204 without a body; the operator is gone (Common rule 3)', async () => {
  const operator = await t.fx.operator(t.org.id);
  await t.api.deletes('deleteOperator', 'getOperator', operator.id);
});

it('GET operators/{id}/slots/ counts ongoing conversations holding a reserved slot', async () => {
  const operator = await t.fx.operator(t.org.id);
  const empty = await t.api.ok('getOperatorSlots', { params: { id: operator.id } });
  expect(empty).toEqual({ operator_id: operator.id, total_slots: 5, used_slots: 0, free_slots: 5 });
  const held = [
    await t.fx.conversation(t.org.id, { operator_id: operator.id, status: 'new' }),
    await t.fx.conversation(t.org.id, { operator_id: operator.id, status: 'pending' }),
    await t.fx.conversation(t.org.id, { operator_id: operator.id, status: 'ended' }),
  ];
  await t.fx.conversation(t.org.id, { operator_id: operator.id, status: 'new' }); // no slot reserved
  for (const conversation of held)
    await setColumns(t, 'conversations', conversation.id, { slot_reserved: true });
  const slots = await t.api.ok('getOperatorSlots', { params: { id: operator.id } });
  expect(slots).toEqual({ operator_id: operator.id, total_slots: 5, used_slots: 2, free_slots: 3 });
  await t.api.fails('getOperatorSlots', { params: { id: operator.id + 1000 } }, 404, 'not_found');
});

it('PATCH operators/{id}/away/ changes the away status and returns the operator', async () => {
  const operator = await t.fx.operator(t.org.id);
  const away = await t.api.ok('setOperatorAway', { params: { id: operator.id }, body: { is_away: true } });
  expect(away).toMatchObject({ id: operator.id, is_away: true, status: 'away', name: operator.name });
  expect((await t.api.ok('getOperator', { params: { id: operator.id } })).is_away).toBe(true);
  const back = await t.api.ok('setOperatorAway', { params: { id: operator.id }, body: { is_away: false } });
  expect(back).toMatchObject({ is_away: false, status: 'online' });
  for (const body of [{}, { is_away: 'yes' }, { is_away: true, name: 'Also this' }]) {
    const error = await t.api.fails('setOperatorAway', { params: { id: operator.id }, body }, 400, 'invalid');
    expect(Object.keys(error.errors ?? {}).length, JSON.stringify(body)).toBeGreaterThan(0);
  }
  await t.api.notFound('setOperatorAway', { params: { id: operator.id + 1000 }, body: { is_away: true } });
});

it('exclude_ids: an excluded operator is not fetched, changed or deleted (Common rule 6)', async () => {
  const operator = await t.fx.operator(t.org.id);
  const single = { params: { id: operator.id }, query: { exclude_ids: String(operator.id) } };
  await t.api.fails('getOperator', single, 404, 'not_found');
  await t.api.fails('getOperatorSlots', single, 404, 'not_found');
  await t.api.fails('updateOperator', { ...single, body: { name: 'Changed' } }, 404, 'not_found');
  await t.api.fails('setOperatorAway', { ...single, body: { is_away: true } }, 404, 'not_found');
  await t.api.fails('deleteOperator', single, 404, 'not_found');
  expect(await t.api.ok('getOperator', { params: { id: operator.id } })).toEqual(operator);
});
