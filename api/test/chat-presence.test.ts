/**
 * Who is in a research's chat (the members sidebar's "here now") across API processes, without a
 * network: two hubs, each with its presence, joined by a bus that hands every event to both (as
 * PostgreSQL's LISTEN/NOTIFY does). A user arriving on one process shows on the other; leaving,
 * a process stopping and a process crashing (its lists expire) take them away again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { CommunityPerson } from '@scholars/shared-contracts/schemas';
import { ChatHub, type HubSocket } from '../src/lib/chat/hub';
import { ChatPresence } from '../src/lib/chat/presence';
import type { BusEvent } from '../src/lib/bus';

class FakeSocket implements HubSocket {
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  send(data: string | Buffer) {
    this.sent.push(String(data));
  }
  close() {
    this.readyState = 3;
  }
  terminate() {
    this.readyState = 3;
  }
  presence() {
    return this.sent.map((text) => JSON.parse(text) as { type: string; count?: number; people?: CommunityPerson[] }).filter((frame) => frame.type === 'presence');
  }
}

const people = async (ids: number[]): Promise<CommunityPerson[]> => ids.map((id) => ({ id, name: `User ${id}`, avatar: null }));
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

function cluster(options: { ttlMs?: number } = {}) {
  const processes: { hub: ChatHub; presence: ChatPresence }[] = [];
  // The bus: every event reaches every process (its own included, as the real buses do).
  const publish = async (event: BusEvent) => {
    for (const process of processes) process.presence.onEvent(event);
  };
  for (const origin of ['one', 'two']) {
    const hub = new ChatHub({ heartbeatMs: 0, onPresenceChange: (researchId) => presence.localChanged(researchId) });
    const presence: ChatPresence = new ChatPresence({ origin, hub, publish, loadPeople: people, refreshMs: 0, coalesceMs: 1, ttlMs: options.ttlMs });
    processes.push({ hub, presence });
  }
  return processes;
}

let stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
});

const follow = (hub: ChatHub, userId: number, researchId: number) => {
  const socket = new FakeSocket();
  const client = hub.connect(socket);
  hub.identify(client, userId);
  hub.join(client, researchId);
  return { socket, client };
};

describe('chat presence across processes', () => {
  it('shows a user who came on another process, and takes them away when they leave', async () => {
    const [one, two] = cluster();
    stops.push(() => one!.hub.close(), () => two!.hub.close());
    const alice = follow(one!.hub, 1, 7);
    await settle();
    expect(alice.socket.presence().at(-1)).toMatchObject({ count: 1, people: [{ id: 1 }] });

    const badr = follow(two!.hub, 2, 7);
    await settle();
    // Alice (process one) sees Badr, who came through process two; Badr sees both.
    expect(alice.socket.presence().at(-1)).toMatchObject({ count: 2 });
    expect(alice.socket.presence().at(-1)!.people!.map((person) => person.id).sort()).toEqual([1, 2]);
    expect(two!.presence.userIds(7).sort()).toEqual([1, 2]);
    expect((await two!.presence.frame(7)).people.map((person) => person.name).sort()).toEqual(['User 1', 'User 2']);

    // A second socket of the same user changes nothing; closing the last one does.
    const badrAgain = follow(two!.hub, 2, 7);
    two!.hub.remove(badrAgain.client);
    expect(one!.presence.userIds(7).sort()).toEqual([1, 2]);
    two!.hub.remove(badr.client);
    await settle();
    expect(alice.socket.presence().at(-1)).toMatchObject({ count: 1, people: [{ id: 1 }] });
    expect(one!.presence.userIds(7)).toEqual([1]);
  });

  it('forgets the users of a process that stops, or whose lists expired (it crashed)', async () => {
    const [one, two] = cluster({ ttlMs: 40 });
    stops.push(() => one!.hub.close(), () => two!.hub.close());
    follow(one!.hub, 1, 9);
    follow(two!.hub, 2, 9);
    await settle();
    expect(one!.presence.userIds(9).sort()).toEqual([1, 2]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    // Process two said nothing for longer than the time to live.
    expect(one!.presence.userIds(9)).toEqual([1]);

    // A sync brings the lists back; a stop takes them away at once.
    one!.presence.sync();
    expect(one!.presence.userIds(9).sort()).toEqual([1, 2]);
    await two!.presence.stop();
    expect(one!.presence.userIds(9)).toEqual([1]);
  });
});
