import { Agent, request } from 'node:http';

/**
 * What the test helpers ask of a sandbox or of the server pool, on this machine: over node:http,
 * with the connection kept for the next question, not over fetch. Each test file runs in a new
 * process, and fetch's first call loads its whole client (about 40 ms on a 2-core machine, against
 * 13 ms for node:http): a file's setup pays for its questions, not for a client it may never use.
 */
const agent = new Agent({ keepAlive: true });

export interface LoopbackAnswer {
  readonly status: number;
  readonly text: string;
}

/** Sends a request without a body and reads its answer as text. */
export function loopbackRequest(method: 'GET' | 'POST', url: URL): Promise<LoopbackAnswer> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method, agent, headers: { 'content-length': '0' } }, (answer) => {
      let text = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => {
        text += chunk;
      });
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, text }));
      answer.on('error', reject);
    });
    sent.on('error', reject);
    sent.end();
  });
}
