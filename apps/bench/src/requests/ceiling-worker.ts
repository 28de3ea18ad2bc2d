// The ceiling server's process: serves the captured responses (a v8-serialised file) from memory.
import { readFileSync } from 'node:fs';
import { deserialize } from 'node:v8';
import type { CapturedResponse } from './captured-responses.js';
import { createCeilingServer, listenCeiling } from './ceiling-server.js';

process.on('message', (message: { type: string; file?: string }) => {
  if (message.type === 'stop') process.exit(0);
  if (message.type === 'cpu') {
    const cpu = process.cpuUsage();
    process.send!({ type: 'cpu', us: cpu.user + cpu.system });
  }
  if (message.type === 'start' && message.file) {
    const responses = (deserialize(readFileSync(message.file)) as CapturedResponse[]).map((r) => ({
      ...r,
      body: Buffer.from(r.body),
    }));
    listenCeiling(createCeilingServer(responses)).then(
      (url) => process.send!({ type: 'ready', url }),
      (error: unknown) => process.send!({ type: 'error', message: String(error) }),
    );
  }
});
process.on('disconnect', () => process.exit(0));
process.send!({ type: 'booted' });
