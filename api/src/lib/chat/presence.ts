/**
 * Who is in a research's chat now (the members sidebar's "here now"), across API processes.
 *
 * Each process knows its own sockets (the hub). When a user comes into a room on this process or
 * leaves it, the process publishes on the bus (once for changes within `coalesceMs`) the room's
 * whole list of its users
 * (`{ kind: 'presence', origin, research_id, user_ids }`); every process keeps the last list of
 * each other process, and a room's presence is the union. A change is sent to the room's sockets
 * as a `presence` frame (the people, at most {@link PRESENCE_MAX_PEOPLE}, and their count); a socket
 * that subscribes gets the current one at once.
 *
 * Lists are whole, so a repeated or late event is harmless. A process starting (or hearing again
 * after its PostgreSQL notifications were lost) asks the others to publish their rooms
 * (`presence-sync`); a process stopping says `presence-gone`; one that crashed stops being counted
 * once its lists are older than `ttlMs`, since every process publishes its non-empty rooms again
 * every `refreshMs`.
 */
import { inArray } from 'drizzle-orm';
import type { CommunityPerson } from '@scholars/shared-contracts/schemas';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { BusEvent, PresenceControlEvent, PresenceEvent } from '../bus';
import type { ChatClient, ChatHub } from './hub';

/** People listed in a `presence` frame (the count covers everyone). */
export const PRESENCE_MAX_PEOPLE = 50;
/** User ids one process publishes for a room (a notification's payload is limited). */
const MAX_IDS_PER_EVENT = 600;

export interface ChatPresenceOptions {
  /** This process, as named in its events. */
  origin: string;
  hub: ChatHub;
  publish(event: PresenceEvent | PresenceControlEvent): Promise<void>;
  /** Names and avatars of these users (any order; unknown ids left out). */
  loadPeople(ids: number[]): Promise<CommunityPerson[]>;
  log?: { warn(obj: object, msg?: string): void };
  /** Each process publishes its non-empty rooms again this often. Default 60 s; 0: never. */
  refreshMs?: number;
  /** Another process's list older than this no longer counts (it crashed). Default 150 s. */
  ttlMs?: number;
  /** Changes of a room within this time are sent as one frame. Default 50 ms. */
  coalesceMs?: number;
}

interface RemoteList {
  userIds: number[];
  at: number;
}

export class ChatPresence {
  /** research id -> origin -> the last list that process published. */
  private readonly remote = new Map<number, Map<string, RemoteList>>();
  private readonly pending = new Map<number, ReturnType<typeof setTimeout>>();
  /** Rooms whose list of this process changed since it was last published. */
  private readonly toPublish = new Set<number>();
  private refreshTimer: ReturnType<typeof setInterval> | undefined;
  private stopped = false;
  private readonly ttlMs: number;
  private readonly coalesceMs: number;

  constructor(private readonly options: ChatPresenceOptions) {
    this.ttlMs = options.ttlMs ?? 150_000;
    this.coalesceMs = options.coalesceMs ?? 50;
    const refreshMs = options.refreshMs ?? 60_000;
    if (refreshMs > 0) {
      this.refreshTimer = setInterval(() => this.refresh(), refreshMs);
      this.refreshTimer.unref?.();
    }
  }

  /** Asks the other processes for their rooms (at start, and after notifications were lost). */
  sync() {
    if (this.stopped) return;
    this.send({ kind: 'presence-sync', origin: this.options.origin });
  }

  /** The hub saw a user come into `researchId` or leave it on this process (published once for changes close together). */
  localChanged(researchId: number) {
    if (this.stopped) return;
    this.toPublish.add(researchId);
    this.schedule(researchId);
  }

  /** An event of the bus (this process's own included, which it skips). */
  onEvent(event: BusEvent) {
    if (this.stopped) return;
    if (event.kind !== 'presence' && event.kind !== 'presence-sync' && event.kind !== 'presence-gone') return;
    if (event.origin === this.options.origin) return;
    if (event.kind === 'presence-sync') {
      for (const researchId of this.options.hub.roomIds()) this.publishRoom(researchId);
      return;
    }
    if (event.kind === 'presence-gone') {
      for (const [researchId, lists] of this.remote) {
        if (lists.delete(event.origin)) this.schedule(researchId);
        if (lists.size === 0) this.remote.delete(researchId);
      }
      return;
    }
    let lists = this.remote.get(event.research_id);
    if (!lists) {
      lists = new Map();
      this.remote.set(event.research_id, lists);
    }
    if (event.user_ids.length === 0) lists.delete(event.origin);
    else lists.set(event.origin, { userIds: event.user_ids, at: Date.now() });
    if (lists.size === 0) this.remote.delete(event.research_id);
    this.schedule(event.research_id);
  }

  /** Everyone in the room now, on every process (each user once). */
  userIds(researchId: number): number[] {
    const all = new Set(this.options.hub.roomUsers(researchId));
    const now = Date.now();
    for (const list of this.remote.get(researchId)?.values() ?? []) {
      if (now - list.at > this.ttlMs) continue;
      for (const id of list.userIds) all.add(id);
    }
    return [...all];
  }

  /** The `presence` frame of a room now. */
  async frame(researchId: number) {
    const ids = this.userIds(researchId);
    const people = ids.length ? await this.options.loadPeople(ids.slice(0, PRESENCE_MAX_PEOPLE)) : [];
    const order = new Map(ids.map((id, index) => [id, index]));
    people.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    return { type: 'presence' as const, research_id: researchId, count: ids.length, people };
  }

  /** Sends the room's presence to one socket (it just subscribed). */
  async sendTo(client: ChatClient, researchId: number) {
    try {
      const frame = await this.frame(researchId);
      if (client.rooms.has(researchId)) client.send(frame);
    } catch (error) {
      this.options.log?.warn({ err: error, researchId }, 'chat presence could not be sent');
    }
  }

  /** This process stops: the others forget its sockets. */
  async stop() {
    if (this.stopped) return;
    this.stopped = true;
    if (this.refreshTimer) clearInterval(this.refreshTimer);
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    this.toPublish.clear();
    await this.options.publish({ kind: 'presence-gone', origin: this.options.origin }).catch(() => undefined);
  }

  private publishRoom(researchId: number) {
    const userIds = this.options.hub.roomUsers(researchId).slice(0, MAX_IDS_PER_EVENT);
    this.send({ kind: 'presence', origin: this.options.origin, research_id: researchId, user_ids: userIds });
  }

  private send(event: PresenceEvent | PresenceControlEvent) {
    this.options.publish(event).catch((error: unknown) => this.options.log?.warn({ err: error }, 'chat presence could not be published'));
  }

  /** Sends the room's presence to its sockets here, once for changes close together. */
  private schedule(researchId: number) {
    if (this.pending.has(researchId)) return;
    if (this.options.hub.roomSize(researchId) === 0 && !this.toPublish.has(researchId)) return;
    const timer = setTimeout(() => {
      this.pending.delete(researchId);
      if (this.stopped) return;
      if (this.toPublish.delete(researchId)) this.publishRoom(researchId);
      if (this.options.hub.roomSize(researchId) === 0) return;
      this.frame(researchId).then(
        (frame) => this.options.hub.deliver(researchId, frame),
        (error: unknown) => this.options.log?.warn({ err: error, researchId }, 'chat presence could not be sent'),
      );
    }, this.coalesceMs);
    timer.unref?.();
    this.pending.set(researchId, timer);
  }

  private refresh() {
    const now = Date.now();
    for (const [researchId, lists] of this.remote) {
      let dropped = false;
      for (const [origin, list] of lists) {
        if (now - list.at > this.ttlMs) {
          lists.delete(origin);
          dropped = true;
        }
      }
      if (lists.size === 0) this.remote.delete(researchId);
      if (dropped) this.schedule(researchId);
    }
    for (const researchId of this.options.hub.roomIds()) this.publishRoom(researchId);
  }
}

/** Names and avatars of chat people, read from the users table. */
export async function loadChatPeople(db: Db, ids: number[]): Promise<CommunityPerson[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: users.id, name: users.name, avatar: users.avatar }).from(users).where(inArray(users.id, ids));
  return rows.map((row) => ({ id: row.id, name: row.name, avatar: row.avatar }));
}
