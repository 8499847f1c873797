import { Adapter, type BroadcastOptions } from 'socket.io-adapter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topics } from '../../domain/protocol';
import { ManualClock } from '../../server/clock';
import { startServer, type TestServer } from './harness';

/** What a shared adapter would carry to other nodes: every room a broadcast went to. */
const broadcastRooms: string[] = [];

/** socket.io's in-process adapter, standing in for a shared one (Redis streams) that records what it would fan out. */
class RecordingAdapter extends Adapter {
  override broadcast(...args: Parameters<Adapter['broadcast']>): void {
    const opts: BroadcastOptions = args[1];
    broadcastRooms.push(...opts.rooms);
    super.broadcast(...args);
  }
}

describe('socket rooms behind the adapter seam', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock: new ManualClock(Date.now()), socketAdapter: RecordingAdapter });
  });
  afterAll(() => s?.close());

  it('hands every topic message to the adapter, even with no subscriber on this node', () => {
    s.app.market.tick();
    // Nobody is connected here: with a shared adapter the room may have members on other nodes.
    expect(broadcastRooms).toContain(topics.quotes());
  });
});
