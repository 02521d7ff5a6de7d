import { createEventBus, type EventBus } from './bus';
import type { EventMap } from './types';

export { createEventBus } from './bus';
export type { AnyEventHandler, EventBus, EventBusOptions, EventHandler, Unsubscribe } from './bus';
export type { EventMap, EventTopic, ToastKind } from './types';

/** The application bus. One instance per page because shared-contracts is a federation singleton. */
export const eventBus: EventBus<EventMap> = createEventBus<EventMap>();
