import type { NavigationEvent, Note, Operator } from '@org/model';
import { type JsonText, jsonText } from '../core/json.js';
import { renderNavigationEvent, renderNote, renderOperator } from '../core/render.js';
import type { Db } from './engine/db.js';

/** Renders rows of a table whose record is its own row (notes, navigation events, operators). */
function rowRenderer<T>(table: string, render: (row: Record<string, any>) => T) {
  return async function renderRows(db: Db, ids: number[]): Promise<Map<number, JsonText<T>>> {
    const rows = await db.query<Record<string, any>>(`SELECT * FROM ${table} WHERE id = ANY ($1::int[])`, [
      ids,
    ]);
    return new Map(rows.map((r) => [r.id as number, jsonText(render(r))]));
  };
}

export const renderNotes = rowRenderer('notes', renderNote);
export const renderNavigationEvents = rowRenderer('navigation_events', renderNavigationEvent);
export const renderOperators = rowRenderer('operators', renderOperator);

const RENDERERS = { notes: renderNote, navigation_events: renderNavigationEvent, operators: renderOperator };
interface Records {
  notes: Note;
  navigation_events: NavigationEvent;
  operators: Operator;
}

/** One record of a table in an organization, rendered; null when it is not there. */
export async function recordJson<K extends keyof Records>(
  db: Db,
  table: K,
  organizationId: number,
  id: number,
): Promise<JsonText<Records[K]> | null> {
  const rows = await db.query<Record<string, any>>(
    `SELECT * FROM ${table} WHERE organization_id = $1 AND id = $2`,
    [organizationId, id],
  );
  return rows[0] ? (jsonText(RENDERERS[table](rows[0])) as JsonText<Records[K]>) : null;
}
