import { renderNavigationEvent, renderNote, renderOperator } from '../core/render.js';
import type { Db } from './engine/db.js';
import { TABLES } from './tables.js';

/** Renders rows of a table whose record is its own row (notes, navigation events, operators). */
const rowRenderer =
  (table: string, render: (row: Record<string, any>) => unknown) =>
  async (db: Db, ids: number[]): Promise<Map<number, string>> => {
    const rows = await db.query<Record<string, any>>(`SELECT * FROM ${table} WHERE id = ANY ($1::int[])`, [
      ids,
    ]);
    return new Map(rows.map((r) => [r.id as number, JSON.stringify(render(r))]));
  };

const RENDERERS = {
  [TABLES.note]: renderNote,
  [TABLES.navigationEvent]: renderNavigationEvent,
  [TABLES.operator]: renderOperator,
};

export const renderNotes = rowRenderer(TABLES.note, renderNote);
export const renderNavigationEvents = rowRenderer(TABLES.navigationEvent, renderNavigationEvent);
export const renderOperators = rowRenderer(TABLES.operator, renderOperator);

/** One record of a table in an organization, rendered; null when it is not there. */
export const recordJson = async (
  db: Db,
  table: keyof typeof RENDERERS,
  organizationId: number,
  id: number,
): Promise<string | null> => {
  const rows = await db.query<Record<string, any>>(
    `SELECT * FROM ${table} WHERE organization_id = $1 AND id = $2`,
    [organizationId, id],
  );
  const render = RENDERERS[table];
  return rows[0] ? JSON.stringify(render(rows[0])) : null;
};
