import type { ContactIdentity, Endpoints, Note, Operator } from '@org/model';
import { describe, expect, it } from 'vitest';
import { jsonText } from '../core/json.js';
import { type Handler, noContent, ok } from './types.js';

// Compile-time checks: `tsc --noEmit` (the typecheck task) fails if any @ts-expect-error below is
// not an error, i.e. if a handler could return another shape or status than its endpoint's.
const note = {} as Note;
const operator = {} as Operator;

const rightShape: Handler<Endpoints['getNote']> = async () => ok(jsonText(note));
// @ts-expect-error an operator's JSON is not a note
const wrongShape: Handler<Endpoints['getNote']> = async () => ok(jsonText(operator));
// @ts-expect-error getNote answers 200, not 201
const wrongStatus: Handler<Endpoints['getNote']> = async () => ok(jsonText(note), 201);
const created: Handler<Endpoints['createNote']> = async () => ok(jsonText(note), 201);
// @ts-expect-error deleteNote answers 204 without a body
const bodyOnDelete: Handler<Endpoints['deleteNote']> = async () => ok(jsonText(note));
const deleted: Handler<Endpoints['deleteNote']> = async () => noContent();
const upserted: Handler<Endpoints['upsertContact']> = async () =>
  ok(jsonText({} as ContactIdentity), Math.random() > 0.5 ? 201 : 200);
// @ts-expect-error a list answers a page, not one record
const recordForPage: Handler<Endpoints['listNotes']> = async () => ok(jsonText(note));

// Referenced so that the declarations above are checked and not reported as unused.
const checked = [rightShape, wrongShape, wrongStatus, bodyOnDelete, upserted, recordForPage];

describe('handler types', () => {
  it('carry the status and the JSON text at run time', async () => {
    const result = await created({} as never);
    expect(result).toEqual({ status: 201, json: JSON.stringify(note) });
    expect(await deleted({} as never)).toEqual({ status: 204 });
    expect(checked).toHaveLength(6);
  });
});
