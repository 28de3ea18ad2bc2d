import * as z from 'zod/v4';
import { conversationExample, endpoints, strictOf } from './src/index.ts';

const page = {
  count: 100,
  next: null,
  previous: null,
  results: Array.from({ length: 100 }, (_, i) => ({ ...conversationExample, id: i + 1 })),
};
const text = JSON.stringify(page);
const schema = endpoints.listConversations.success[200];
const compiled = z.compile(schema);
const fns = {
  json: () => JSON.parse(text),
  runtime: () => schema.safeParse(JSON.parse(text)),
  compiled: () => compiled.safeParse(JSON.parse(text)),
};
const acc: Record<string, number[]> = { json: [], runtime: [], compiled: [] };
for (let round = 0; round < 15; round++)
  for (const [k, f] of Object.entries(fns)) {
    const t = performance.now();
    for (let i = 0; i < 40; i++) f();
    acc[k].push(((performance.now() - t) / 40) * 1000);
  }
const med = (a: number[]) => a.sort((x, y) => x - y)[a.length >> 1];
for (const k of Object.keys(acc)) console.log(k, med(acc[k]).toFixed(0), 'us');
