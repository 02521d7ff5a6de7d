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
import { CONTRACTS_INSTANCE_ID, eventBus, tokenStore } from '@scholars/shared-contracts';

export function collectSingletons() {
  return {
    react: useState,
    reactDom: createPortal,
    reactRouterDom: useNavigate,
    i18next,
    reactI18next: useTranslation,
    zustand: createStore,
    sharedContracts: CONTRACTS_INSTANCE_ID,
    eventBus,
    tokenStore,
  };
}

export type Singletons = ReturnType<typeof collectSingletons>;
