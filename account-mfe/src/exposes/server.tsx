/**
 * This remote's server render (issue 6), loaded by the shell's server from `server/render.mjs` beside
 * remoteEntry.js (vite.server.config.ts): the public profile page (/user-profile/{id}) from `./pages`,
 * with the data it renders with, read from the API as the browser reads it and parsed with the same
 * schema; and the status of a consultant's page, which renders in the browser. The other pages of
 * the expose are behind sign-in: the server renders what a visitor sees, so they stay in the
 * browser. React, React Router, i18next and shared-contracts stay imports, resolved to the shell
 * server's single copies, as the federation share scope does in the browser.
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
import { consultationsResources } from '../i18n/consultations';

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

/**
 * A consultant's page (/consultations/{id}) renders in the browser (its slots are in the viewer's
 * zone, its booking form needs the session): the server only answers 404 for a consultant there is
 * not (none, not listed, or an id that is no number), titled as the page titles itself then.
 */
async function consultantStatus({ params, api, locale }: ServerPageRequest): Promise<ServerPageData> {
  const id = params.id ?? '';
  const found = routeId(id) !== null && (await api.get(`consultants/${encodeURIComponent(id)}`)) !== null;
  return found ? { data: {}, statusOnly: true } : { data: {}, statusOnly: true, status: 404, title: consultationsResources[locale].consultant.notFound };
}

export const serverModule: RemoteServerModule = {
  exposes: { pages: { UserProfile } as RemoteServerModule['exposes'][string] },
  async loadData(expose, name, request) {
    if (expose !== 'pages') return null;
    if (name === 'UserProfile') return publicProfileData(request);
    if (name === 'Consultant') return consultantStatus(request);
    return null;
  },
};
