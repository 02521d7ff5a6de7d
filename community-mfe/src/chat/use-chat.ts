/**
 * The chat of one research in React: the stored history (newest last, paging back), live
 * messages and removals from the page's socket (`useResearchChannel`, shared with the members
 * sidebar), catching up after reconnects, sending (with a client id, so a retried send is never
 * posted twice), removing, whether the reader may post (`canPost`, from the history), and the chat's
 * moderation (`settings`: closed, slow mode; live).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiClient, apiUrl, isApiError, tokenStore } from '@scholars/shared-contracts';
import { CHAT_PAGE_SIZE, CHAT_SOCKET_PATH } from '@scholars/shared-contracts/constants';
import type { ChatMessage, ChatSettings, CommunityPerson } from '@scholars/shared-contracts/schemas';
import { deleteMessage, fetchMessages, postMessage } from '../api/messages';
import { ChatSocket, type ChatSocketStatus, type WebSocketFactory } from './chat-socket';

/** The chat socket's address: the API base with ws(s) instead of http(s). */
function socketUrl(path: string): string {
  const url = new URL(apiUrl(path));
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

export interface PendingMessage {
  clientId: string;
  text: string;
}

export interface ChatState {
  messages: ChatMessage[];
  pending: PendingMessage[];
  status: 'loading' | 'ready' | 'failed';
  hasOlder: boolean;
  loadingOlder: boolean;
  connection: ChatSocketStatus;
  /** Whether the reader may post (an active subscription); null until the history said it. */
  canPost: boolean | null;
  /** The chat's moderation (closed with a reason, slow mode): from the history, then live `settings` frames. */
  settings: ChatSettings | null;
}

/** Inserts or replaces messages by id, keeping ascending id order. */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return current;
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export function newClientId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** At most this many pages are fetched to catch up; beyond, the newest page is reloaded. */
const MAX_CATCH_UP_PAGES = 10;

/** The page's chat socket: the access token in its first frame, refreshed with the session's. */
export function createChatSocket(createSocket?: WebSocketFactory): ChatSocket {
  return new ChatSocket({
    url: () => socketUrl(CHAT_SOCKET_PATH),
    getToken: () => tokenStore.getState().accessToken,
    refreshToken: () => apiClient.refreshAccessToken(),
    onTokenChange: (listener) =>
      tokenStore.subscribe((next, previous) => {
        if (next.accessToken !== previous.accessToken) listener(next.accessToken);
      }),
    createSocket,
    onlineSource: typeof window === 'undefined' ? null : window,
  });
}

export interface Presence {
  /** Everyone following the chat now (on every API process). */
  count: number;
  /** At most 50 of them. */
  people: CommunityPerson[];
}

/**
 * The research page's live channel: one socket following the research, for the chat and the
 * members sidebar: who is in the chat now (`presence`) and who wrote since the page loaded
 * (`posters`, newest first). `researchId` null: nothing yet (the page is loading).
 */
export function useResearchChannel(researchId: number | null, createSocket?: WebSocketFactory) {
  const [socket, setSocket] = useState<ChatSocket | null>(null);
  const [presence, setPresence] = useState<Presence | null>(null);
  const [posters, setPosters] = useState<CommunityPerson[]>([]);
  useEffect(() => {
    if (researchId === null) return;
    const channel = createChatSocket(createSocket);
    const off = channel.on((event) => {
      if (event.type !== 'frame') return;
      const { frame } = event;
      if (frame.type === 'presence' && frame.research_id === researchId) setPresence({ count: frame.count, people: frame.people });
      else if (frame.type === 'message' && frame.message.research_id === researchId) {
        const sender = frame.message.sender;
        setPosters((previous) => (previous.some((person) => person.id === sender.id) ? previous : [sender, ...previous]));
      }
    });
    channel.subscribe(researchId);
    channel.start();
    setSocket(channel);
    return () => {
      off();
      channel.stop();
      setSocket(null);
      setPresence(null);
      setPosters([]);
    };
  }, [researchId, createSocket]);
  return { socket, presence, posters };
}

export function useChat(researchId: number, socket: ChatSocket | null) {
  const [state, setState] = useState<ChatState>({
    messages: [],
    pending: [],
    status: 'loading',
    hasOlder: false,
    loadingOlder: false,
    connection: 'idle',
    canPost: null,
    settings: null,
  });
  const messagesRef = useRef<ChatMessage[]>([]);
  const loadedRef = useRef(false);
  const catchingUp = useRef<Promise<void> | null>(null);
  const [attempt, setAttempt] = useState(0);

  const apply = useCallback((incoming: ChatMessage[], replaceAll = false) => {
    setState((previous) => {
      const messages = replaceAll ? mergeMessages([], incoming) : mergeMessages(previous.messages, incoming);
      messagesRef.current = messages;
      const confirmed = new Set(incoming.map((message) => message.client_id).filter(Boolean));
      const pending = confirmed.size ? previous.pending.filter((item) => !confirmed.has(item.clientId)) : previous.pending;
      return { ...previous, messages, pending };
    });
  }, []);

  /** Fetches what came after the newest message we have (after a (re)subscribe or a resync). */
  const catchUp = useCallback(async () => {
    if (!loadedRef.current) return;
    if (catchingUp.current) return catchingUp.current;
    const run = async () => {
      try {
        for (let page = 0; page < MAX_CATCH_UP_PAGES; page += 1) {
          const last = messagesRef.current.at(-1)?.id;
          const history = await fetchMessages(researchId, last === undefined ? {} : { after: last, limit: 100 });
          apply(history.messages);
          setState((previous) => ({ ...previous, canPost: history.can_post, settings: history.settings }));
          if (last === undefined || !history.has_more) return;
        }
        // Far behind: start again from the newest page.
        const newest = await fetchMessages(researchId, { limit: CHAT_PAGE_SIZE });
        apply(newest.messages, true);
        setState((previous) => ({ ...previous, hasOlder: newest.has_more }));
      } catch (error) {
        console.error('[community] catching up the chat failed', error);
      }
    };
    catchingUp.current = run().finally(() => {
      catchingUp.current = null;
    });
    return catchingUp.current;
  }, [apply, researchId]);

  // The newest page, then the live socket.
  useEffect(() => {
    let live = true;
    loadedRef.current = false;
    messagesRef.current = [];
    setState((previous) => ({ ...previous, messages: [], pending: [], status: 'loading', hasOlder: false }));
    fetchMessages(researchId, { limit: CHAT_PAGE_SIZE }).then(
      (history) => {
        if (!live) return;
        loadedRef.current = true;
        messagesRef.current = mergeMessages([], history.messages);
        setState((previous) => ({
          ...previous,
          messages: messagesRef.current,
          status: 'ready',
          hasOlder: history.has_more,
          canPost: history.can_post,
          settings: history.settings,
        }));
        // Anything posted between this page and the subscription is fetched on `subscribed`.
        void catchUp();
      },
      (error: unknown) => {
        console.error('[community] loading the chat failed', error);
        if (live) setState((previous) => ({ ...previous, status: 'failed' }));
      },
    );
    return () => {
      live = false;
    };
  }, [researchId, attempt, catchUp]);

  useEffect(() => {
    if (!socket) return;
    setState((previous) => ({ ...previous, connection: socket.currentStatus }));
    return socket.on((event) => {
      if (event.type === 'status') {
        setState((previous) => ({ ...previous, connection: event.status }));
        return;
      }
      const { frame } = event;
      if ((frame.type === 'message' || frame.type === 'deleted') && frame.message.research_id === researchId) {
        apply([frame.message]);
      } else if (frame.type === 'settings' && frame.research_id === researchId) {
        setState((previous) => ({ ...previous, settings: frame.settings }));
      } else if ((frame.type === 'subscribed' && frame.research_id === researchId) || frame.type === 'resync') {
        void catchUp();
      }
    });
  }, [researchId, apply, catchUp, socket]);

  const loadOlder = useCallback(async () => {
    const oldest = messagesRef.current[0]?.id;
    if (oldest === undefined) return;
    setState((previous) => ({ ...previous, loadingOlder: true }));
    try {
      const history = await fetchMessages(researchId, { before: oldest, limit: CHAT_PAGE_SIZE });
      apply(history.messages);
      setState((previous) => ({ ...previous, hasOlder: history.has_more, loadingOlder: false }));
    } catch (error) {
      console.error('[community] loading older messages failed', error);
      setState((previous) => ({ ...previous, loadingOlder: false }));
      throw error;
    }
  }, [apply, researchId]);

  /** Sends; resolves when stored; rejects with the server's message (rate limit, length...). */
  const send = useCallback(
    async (text: string, clientId: string = newClientId()) => {
      setState((previous) => ({ ...previous, pending: [...previous.pending, { clientId, text }] }));
      try {
        const message = await postMessage(researchId, text, clientId);
        apply([message]);
        return message;
      } catch (error) {
        setState((previous) => ({ ...previous, pending: previous.pending.filter((item) => item.clientId !== clientId) }));
        throw error;
      }
    },
    [apply, researchId],
  );

  const remove = useCallback(
    async (messageId: number) => {
      const message = await deleteMessage(researchId, messageId);
      apply([message]);
      return message;
    },
    [apply, researchId],
  );

  const retry = useCallback(() => setAttempt((count) => count + 1), []);

  return { ...state, loadOlder, send, remove, retry };
}

export const errorText = (error: unknown, fallback: string) => (isApiError(error) && error.msg ? error.msg : fallback);
