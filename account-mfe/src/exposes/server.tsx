/**
 * This remote's server render (issue 6), loaded by the shell's server from `server/render.mjs` beside
 * remoteEntry.js (vite.server.config.ts): the public profile page (/user-profile/{id}) from `./pages`,
 * with the data it renders with, read from the API as the browser reads it and parsed with the same
 * schema. The other pages of the expose are behind sign-in: the server renders what a visitor sees,
 * so they stay in the browser. React, React Router, i18next and shared-contracts stay imports,
 * resolved to the shell server's single copies, as the federation share scope does in the browser.
 */
import { publicProfileResponseSchema } from '@scholars/shared-contracts/schemas';
import type { RemoteServerModule, ServerPageData, ServerPageRequest } from '@scholars/shared-contracts';
// The page itself, not `./pages`: that module also holds the lazy pages (the booking form's
// react-hook-form), which this bundle would inline and the shell's server cannot resolve.
import { registerTranslations } from '../i18n';
import { UserProfile } from '../pages/UserProfile';
import { publicProfilePath } from '../api/users';
import { preloadKeys } from '../lib/preload-keys';
import { routeId } from '@scholars/shared-contracts/constants';

registerTranslations();

async function publicProfileData({ params, api }: ServerPageRequest): Promise<ServerPageData> {
  const id = params.id ?? '';
  // An id the API would refuse names no member, as in the browser (which then shows "not found").
  const answer = routeId(id) !== null ? await api.get(publicProfilePath(id)) : null;
  const profile = answer === null ? null : publicProfileResponseSchema.parse(answer).data;
  // The page then says there is no such member; crawlers get the status too.
  // Titled with the member's name, as the page titles itself in the browser (usePageTitle).
  return { data: { [preloadKeys.publicProfile(id)]: profile }, status: profile === null ? 404 : 200, title: profile?.name };
}

export const serverModule: RemoteServerModule = {
  exposes: { pages: { UserProfile } as RemoteServerModule['exposes'][string] },
  async loadData(expose, name, request) {
    if (expose !== 'pages' || name !== 'UserProfile') return null;
    return publicProfileData(request);
  },
};
