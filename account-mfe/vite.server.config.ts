import { defineRemoteServerConfig } from '@scholars/shared-contracts/federation/vite';

export default defineRemoteServerConfig('./src/exposes/server.tsx');
