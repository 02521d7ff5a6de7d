/**
 * References to the shared singletons as one app sees them. Every remote exposes this module as
 * `./diagnostics` and the shell publishes its own on `window.__scholars`, so an end-to-end test
 * can compare identities across the federation boundary (one React, one router, one store...).
 * Holds no data; safe to ship.
 */
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { createStore } from 'zustand/vanilla';
import type { EventBus } from '../events/bus';
import type { EventMap } from '../events/types';
import type { TokenStore } from '../auth/token-store';

/**
 * The app passes its own view of this package: the federation plugin does not route a shared
 * package's imports of itself through the share scope, so importing the root from here would
 * report this module's bundled copy instead of the one the app uses.
 */
export interface ContractsView {
  CONTRACTS_INSTANCE_ID: string;
  eventBus: unknown;
  tokenStore: unknown;
}

export function collectSingletons({ CONTRACTS_INSTANCE_ID, eventBus, tokenStore }: ContractsView) {
  return {
    react: useState,
    reactDom: createPortal,
    reactRouterDom: useNavigate,
    i18next,
    reactI18next: useTranslation,
    zustand: createStore,
    sharedContracts: CONTRACTS_INSTANCE_ID,
    eventBus: eventBus as EventBus<EventMap>,
    tokenStore: tokenStore as TokenStore,
  };
}

export type Singletons = ReturnType<typeof collectSingletons>;
