import { closeSync, openSync, writeSync } from 'node:fs';
import { packageVersion } from '../cli/version.js';
import { type HarExchangeInput, harEntry } from '../har/har-entry.js';

/**
 * A HAR 1.2 file written entry by entry as the proxy forwards, so that a long run holds no
 * exchange in memory; `close` ends the document (the proxy closes it on SIGINT and SIGTERM).
 */
export interface HarWriter {
  add(exchange: HarExchangeInput): void;
  close(): void;
}

export function harWriter(file: string): HarWriter {
  const fd = openSync(file, 'w');
  const creator = { name: '@org/contracts proxy', version: packageVersion() };
  writeSync(fd, `{"log":{"version":"1.2","creator":${JSON.stringify(creator)},"entries":[\n`);
  let entries = 0;
  let open = true;
  return {
    add(exchange) {
      if (!open) return;
      writeSync(fd, `${entries++ ? ',\n' : ''}${JSON.stringify(harEntry(exchange))}`);
    },
    close() {
      if (!open) return;
      open = false;
      writeSync(fd, '\n]}}\n');
      closeSync(fd);
    },
  };
}
