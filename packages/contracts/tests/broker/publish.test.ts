import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { publishPacts } from '../../src/broker/publish-pacts.js';
import { brokerOrSkip, publishOptions } from '../support/broker-env.js';
import { CONSUMER, PACT_DIR, PROVIDER } from '../support/contract.js';

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

/** A stand-in for the Pact Broker's HTTP API that records what it is sent. */
const fakeBroker = async () => {
  const received: Received[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, body });
      res.writeHead(req.url!.startsWith('/pacts/') ? 201 : 200, { 'content-type': 'application/hal+json' });
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => server.close(),
  };
};

describe('publishing pacts to a Pact Broker', () => {
  it('puts every pact under its consumer version and branch (HTTP API, with the token)', async () => {
    const broker = await fakeBroker();
    try {
      const published = await publishPacts({
        brokerUrl: broker.url,
        pactDir: PACT_DIR,
        consumerVersion: '1.2.3+abc',
        branch: 'feature/x',
        auth: { PACT_BROKER_TOKEN: 's3cret' },
      });
      expect(published).toEqual([
        {
          consumer: CONSUMER,
          provider: PROVIDER,
          url: `${broker.url}/pacts/provider/${PROVIDER}/consumer/${CONSUMER}/version/1.2.3%2Babc`,
        },
      ]);
      expect(broker.received.map((r) => `${r.method} ${r.url}`)).toEqual([
        `PUT /pacticipants/${CONSUMER}/branches/feature%2Fx/versions/1.2.3%2Babc`,
        `PUT /pacts/provider/${PROVIDER}/consumer/${CONSUMER}/version/1.2.3%2Babc`,
      ]);
      expect(broker.received.every((r) => r.authorization === 'Bearer s3cret')).toBe(true);
      expect(JSON.parse(broker.received[1]!.body).interactions.length).toBeGreaterThan(400);
    } finally {
      broker.close();
    }
  });

  it('publishes to PACT_BROKER_BASE_URL when it is set', async (ctx) => {
    const broker = brokerOrSkip(ctx);
    if (!broker) return;
    const published = await publishPacts(publishOptions(broker));
    expect(published.length).toBeGreaterThan(0);
  });
});
