import { renderNavigationEvent, renderNote, renderOperator } from '../core/render.js';
import type { Db } from './engine/db.js';

/** Renders rows of a table whose record is its own row (notes, navigation events, operators). */
const rowRenderer =
  (table: string, render: (row: Record<string, any>) => unknown) =>
  async (db: Db, ids: number[]): Promise<Map<number, string>> => {
    const rows = await db.query<Record<string, any>>(`SELECT * FROM ${table} WHERE id = ANY ($1::int[])`, [
      ids,
    ]);
    return new Map(rows.map((r) => [r.id as number, JSON.stringify(render(r))]));
  };

export const renderNotes = rowRenderer('notes', renderNote);
export const renderNavigationEvents = rowRenderer('navigation_events', renderNavigationEvent);
export const renderOperators = rowRenderer('operators', renderOperator);

/** One record of a table in an organization, rendered; null when it is not there. */
export const recordJson = async (
  db: Db,
  table: 'notes' | 'navigation_events' | 'operators',
  organizationId: number,
  id: number,
): Promise<string | null> => {
  const rows = await db.query<Record<string, any>>(
    `SELECT * FROM ${table} WHERE organization_id = $1 AND id = $2`,
    [organizationId, id],
  );
  const render = { notes: renderNote, navigation_events: renderNavigationEvent, operators: renderOperator }[
    table
  ];
  return rows[0] ? JSON.stringify(render(rows[0])) : null;
};
