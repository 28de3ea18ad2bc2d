// The model parse bench's process: measures the bodies of the file the bench names, over IPC.
import { readFileSync } from 'node:fs';
import { type ModelBenchInput, runModelBench } from './model-parse.js';

process.on('message', (message: { type: string; file?: string; runs?: number; ms?: number }) => {
  if (message.type === 'stop') process.exit(0);
  if (message.type !== 'run' || !message.file) return;
  try {
    const input = JSON.parse(readFileSync(message.file, 'utf8')) as ModelBenchInput;
    process.send!({ type: 'result', result: runModelBench(input, message.runs, message.ms) });
  } catch (error) {
    process.send!({ type: 'error', message: String((error as Error)?.stack ?? error) });
  }
});
process.on('disconnect', () => process.exit(0));
process.send!({ type: 'booted' });
