import { Adapter, type BroadcastOptions } from 'socket.io-adapter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topics } from '../../domain/protocol';
import { ManualClock } from '../../server/clock';
import { startServer, type TestServer } from './harness';

/** What a shared adapter would carry to other nodes: each broadcast's rooms, and whether it was local only. */
const broadcasts: { rooms: string[]; local: boolean }[] = [];

/** socket.io's in-process adapter, standing in for a shared one (Redis streams) that records what it would fan out. */
class RecordingAdapter extends Adapter {
  override broadcast(...args: Parameters<Adapter['broadcast']>): void {
    const opts: BroadcastOptions = args[1];
    broadcasts.push({ rooms: [...opts.rooms], local: opts.flags?.local === true });
    super.broadcast(...args);
  }
}

describe('socket rooms behind the adapter seam', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock: new ManualClock(Date.now()), socketAdapter: RecordingAdapter });
  });
  afterAll(() => s?.close());

  it('keeps public topics on this node: each node relays the market to its own sockets', async () => {
    s.app.market.tick();
    // Nobody subscribed here: nothing goes out, to the adapter or anyone.
    expect(broadcasts.some((b) => b.rooms.includes(topics.quotes()))).toBe(false);
    const socket = await s.socket();
    await new Promise((resolve) => socket.emit('sub', [topics.quotes()], resolve));
    s.app.market.tick();
    const quotes = broadcasts.filter((b) => b.rooms.includes(topics.quotes()));
    expect(quotes.length).toBeGreaterThan(0);
    expect(quotes.every((b) => b.local)).toBe(true);
  });

  it('hands a private message to the adapter, so the user’s sockets on every node get it', async () => {
    const user = await s.signUp();
    const [row] = await s.db.query<{ id: number }>('SELECT user_id AS id FROM sessions ORDER BY id DESC LIMIT 1');
    const id = Number(row!.id);
    broadcasts.length = 0;
    await s.app.hub.publishToUser(id, 'session', { event: 'changed' });
    expect(broadcasts).toContainEqual({ rooms: [`user:${id}`], local: false });
    expect(user.token).toBeTruthy();
  });
});
