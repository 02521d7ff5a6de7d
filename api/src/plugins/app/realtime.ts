/**
 * Live delivery of the research chats: the WebSocket server (@fastify/websocket), this process's
 * rooms (`ChatHub`) and the bus that carries events between API processes (`app.bus`: `PgBus`,
 * LISTEN/NOTIFY, on PostgreSQL; in-process on PGlite). Routes publish with
 * `app.realtime.publish('message' | 'deleted', message)`, a chat's moderation with `publishSettings`; who follows each chat is published by
 * `app.realtime.presence` (lib/chat/presence.ts); a suspension closes the user's sockets on
 * every process (`app.bus.publish({ kind: 'sessions-ended', user_id })`, lib/accounts/suspension.ts). The socket route is in routes/chat.ts.
 */
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import { CHAT_CLOSE_CODES, type ChatMessage, type ChatSettings } from '@scholars/shared-contracts/schemas';
import { ChatHub } from '../../lib/chat/hub';
import { randomUUID } from 'node:crypto';
import { isChatSettingsEvent, isInvalidateEvent, isPresenceEvent, isSessionsEndedEvent, type Bus, type BusEvent } from '../../lib/bus';
import { getMessage } from '../../lib/chat/messages';
import { ChatPresence, loadChatPeople } from '../../lib/chat/presence';

/** Largest frame a client may send (its frames are small JSON objects). */
export const CHAT_MAX_FRAME_BYTES = 8 * 1024;

export interface Realtime {
  hub: ChatHub;
  bus: Bus;
  /** Who follows each chat, across processes (lib/chat/presence.ts). */
  presence: ChatPresence;
  /** Delivers to this process's sockets now and to the other processes' through the bus. */
  publish(kind: 'message' | 'deleted', message: ChatMessage): Promise<void>;
  /** A chat's moderation changed: to every open chat of that research, on every process. */
  publishSettings(researchId: number, settings: ChatSettings): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export default fp(
  async (app) => {
    await app.register(websocket, {
      options: { maxPayload: CHAT_MAX_FRAME_BYTES, perMessageDeflate: false },
      // An established socket failing (client vanished mid-frame...) is routine: log and drop it.
      errorHandler(error, socket) {
        app.log.debug({ err: error }, 'chat socket error');
        socket.terminate();
      },
    });
    const instance = app.config.INSTANCE;
    if (instance) app.websocketServer.on('headers', (headers: string[]) => headers.push(`x-api-instance: ${instance}`));

    const { bus } = app;
    // The hub tells presence who came or went (presence is made just after: the hub has no socket yet).
    const hub = new ChatHub({ log: app.log, onPresenceChange: (researchId) => chatPresence.localChanged(researchId) });
    const chatPresence = new ChatPresence({
      origin: 'origin' in bus && typeof bus.origin === 'string' ? bus.origin : randomUUID(),
      hub,
      publish: (event) => bus.publish(event),
      loadPeople: (ids) => loadChatPeople(app.db, ids),
      log: app.log,
    });

    const deliver = (event: BusEvent) => {
      if (isInvalidateEvent(event)) return;
      if (isPresenceEvent(event)) {
        chatPresence.onEvent(event);
        return;
      }
      if (isSessionsEndedEvent(event)) {
        // The client's next `auth` (after a refresh, which is refused) fails: it is signed out.
        hub.closeUser(event.user_id, CHAT_CLOSE_CODES.unauthorized, 'session ended');
        return;
      }
      if (isChatSettingsEvent(event)) {
        hub.deliver(event.research_id, { type: 'settings', research_id: event.research_id, settings: event.settings });
        return;
      }
      if ('message' in event) {
        hub.deliver(event.research_id, { type: event.kind, message: event.message });
        return;
      }
      // A reference (the event was too large for a notification): read it from the database.
      if (hub.roomSize(event.research_id) === 0) return;
      getMessage(app.db, event.message_id)
        .then((message) => {
          if (message) hub.deliver(event.research_id, { type: event.kind, message });
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'chat event could not be loaded'));
    };
    const unsubscribe = bus.subscribe({
      onEvent: deliver,
      onResync: () => {
        hub.broadcast({ type: 'resync' });
        chatPresence.sync();
      },
    });
    chatPresence.sync();

    app.decorate<Realtime>('realtime', {
      hub,
      bus,
      presence: chatPresence,
      publish: (kind, message) => bus.publish({ kind, research_id: message.research_id, message }),
      publishSettings: (researchId, settings) => bus.publish({ kind: 'settings', research_id: researchId, settings }),
    });
    app.addHook('preClose', async () => {
      await chatPresence.stop();
      hub.close();
    });
    app.addHook('onClose', async () => {
      unsubscribe();
    });
  },
  { name: 'realtime', dependencies: ['db', 'bus'] },
);
