/** A handler of one topic. */
export type EventHandler<P> = (payload: P) => void;
/** A handler of every topic (logging, dev tools, test recorders). */
export type AnyEventHandler<M> = <K extends keyof M>(topic: K, payload: M[K]) => void;
/** Removes the subscription it was returned by; calling it twice is harmless. */
export type Unsubscribe = () => void;

export interface EventBus<M extends object> {
  /** Delivers `payload` to every current handler of `topic`, in subscription order. */
  emit<K extends keyof M>(topic: K, payload: M[K]): void;
  on<K extends keyof M>(topic: K, handler: EventHandler<M[K]>): Unsubscribe;
  /** Like `on`, removed after its first delivery. */
  once<K extends keyof M>(topic: K, handler: EventHandler<M[K]>): Unsubscribe;
  /** Every event of every topic, after the topic's own handlers. */
  onAny(handler: AnyEventHandler<M>): Unsubscribe;
  /** Handlers of `topic` (not counting `onAny`): lets an emitter fall back when nobody listens. */
  listenerCount<K extends keyof M>(topic: K): number;
  /** Removes every handler (tests, teardown of an embedded app). */
  clear(): void;
}

export interface EventBusOptions {
  /**
   * Called when a handler throws; the other handlers still run. Default: `console.error`.
   */
  onError?: (error: unknown, topic: PropertyKey) => void;
}

const defaultOnError = (error: unknown, topic: PropertyKey) => {
  console.error(`[shared-contracts] a handler of "${String(topic)}" threw`, error);
};

/**
 * A small synchronous, typed publish/subscribe bus. A handler that throws does not stop the
 * other handlers (its error goes to `onError`); handlers added or removed during an emit take
 * effect from the next emit.
 */
export function createEventBus<M extends object>(options: EventBusOptions = {}): EventBus<M> {
  const onError = options.onError ?? defaultOnError;
  const handlers = new Map<keyof M, Set<EventHandler<never>>>();
  const anyHandlers = new Set<AnyEventHandler<M>>();

  const setOf = (topic: keyof M) => {
    let set = handlers.get(topic);
    if (!set) {
      set = new Set();
      handlers.set(topic, set);
    }
    return set;
  };

  const bus: EventBus<M> = {
    emit(topic, payload) {
      const current = handlers.get(topic);
      if (current) {
        for (const handler of [...current] as EventHandler<typeof payload>[]) {
          try {
            handler(payload);
          } catch (error) {
            onError(error, topic);
          }
        }
      }
      for (const handler of [...anyHandlers]) {
        try {
          handler(topic, payload);
        } catch (error) {
          onError(error, topic);
        }
      }
    },
    on(topic, handler) {
      // Wrap so the same function subscribed twice gets two independent subscriptions.
      const entry: EventHandler<never> = (payload) => handler(payload);
      setOf(topic).add(entry);
      return () => {
        handlers.get(topic)?.delete(entry);
      };
    },
    once(topic, handler) {
      const unsubscribe = bus.on(topic, (payload) => {
        unsubscribe();
        handler(payload);
      });
      return unsubscribe;
    },
    onAny(handler) {
      const entry: AnyEventHandler<M> = (topic, payload) => handler(topic, payload);
      anyHandlers.add(entry);
      return () => {
        anyHandlers.delete(entry);
      };
    },
    listenerCount(topic) {
      return handlers.get(topic)?.size ?? 0;
    },
    clear() {
      handlers.clear();
      anyHandlers.clear();
    },
  };
  return bus;
}
