import { describe, expect, it } from 'vitest';
import { Announcer } from './announcer.js';

/** A send that ends when the test says so, recording what each statement carried. */
const heldSends = () => {
  const sent: string[][] = [];
  const ends: Array<(error?: Error) => void> = [];
  const send = (tables: readonly string[]) =>
    new Promise<void>((resolve, reject) => {
      sent.push([...tables]);
      ends.push((error) => (error ? reject(error) : resolve()));
    });
  return { sent, send, end: (error?: Error) => ends.shift()!(error) };
};

describe('Announcer', () => {
  it('clears this instance at once and gathers announcements made during a send into one statement', async () => {
    const changed: string[] = [];
    const { sent, send, end } = heldSends();
    const announcer = new Announcer((table) => changed.push(table), send);
    const done: number[] = [];
    const first = announcer.announce(['conversations']).then(() => done.push(1));
    expect(changed).toEqual(['conversations']);
    const later = [
      announcer.announce(['conversations']).then(() => done.push(2)),
      announcer.announce(['operators']).then(() => done.push(3)),
      announcer.announce(['conversations', 'notes']).then(() => done.push(4)),
    ];
    expect(changed).toEqual(['conversations', 'conversations', 'operators', 'conversations', 'notes']);
    expect(sent).toEqual([['conversations']]);
    end();
    await first;
    // The three that arrived meanwhile wait for the next statement, which carries each table once.
    expect(done).toEqual([1]);
    await Promise.resolve();
    expect(sent).toEqual([['conversations'], ['conversations', 'operators', 'notes']]);
    end();
    await Promise.all(later);
    expect(done).toEqual([1, 2, 3, 4]);
    expect(announcer.sends).toBe(2);
  });

  it('a failed send is reported, resolves its announcements and goes out again with the next', async () => {
    const failures: unknown[] = [];
    const { sent, send, end } = heldSends();
    const announcer = new Announcer(
      () => {},
      send,
      (error) => failures.push(error),
    );
    const failing = announcer.announce(['operators']);
    end(new Error('connection lost'));
    await expect(failing).resolves.toBeUndefined();
    expect(failures).toHaveLength(1);
    const next = announcer.announce(['conversations']);
    expect(sent).toEqual([['operators'], ['operators', 'conversations']]);
    end();
    await next;
  });

  it('without a send (PGlite: no other instance) only clears this instance', async () => {
    const changed: string[] = [];
    const announcer = new Announcer((table) => changed.push(table));
    await announcer.announce(['notes']);
    expect(changed).toEqual(['notes']);
    expect(announcer.sends).toBe(0);
  });
});
