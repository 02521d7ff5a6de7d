/**
 * This remote's server render (issue 6), loaded by the shell's server from `server/render.mjs` beside
 * remoteEntry.js (vite.server.config.ts): the same page components the browser gets from `./pages`,
 * and the data each page renders with, read from the API the same way the browser reads it (same
 * paths, same schemas). React, React Router, i18next and shared-contracts stay imports, resolved to the
 * shell server's single copies, as the federation share scope does in the browser.
 */
import {
  conferenceCategoriesResponseSchema,
  conferenceDetailsResponseSchema,
  conferencePageResponseSchema,
} from '@scholars/shared-contracts/schemas';
import type { RemoteServerModule, ServerPageData, ServerPageRequest } from '@scholars/shared-contracts';
import { ConferenceDetails, ConferenceList } from './pages';
import { preloadKeys } from '../lib/preload-keys';
import { isUnknownCategory, listRequest, readListParams } from '../pages/ConferenceList';
import { routeId } from '@scholars/shared-contracts/constants';
import { localizedField } from '@scholars/shared-contracts/locale';
import { resources } from '../i18n';

async function listData({ params, search, api, locale }: ServerPageRequest): Promise<ServerPageData> {
  const id = params.id ?? '';
  const body = listRequest(routeId(id), readListParams(search), locale);
  const [categories, page] = await Promise.all([
    api.get('conference-categories'),
    body === null ? null : api.post('conference/by-category', body),
  ]);
  const categoryList = conferenceCategoriesResponseSchema.parse(categories).data;
  const data: Record<string, unknown> = { [preloadKeys.categories]: categoryList };
  if (body !== null) data[preloadKeys.byCategory(body)] = conferencePageResponseSchema.parse(page);
  // An unknown category is a page that says it does not exist, answered 404 like an unknown conference.
  if (isUnknownCategory(routeId(id), categoryList)) return { data, status: 404, title: resources[locale].list.notFoundTitle };
  const category = categoryList.find((item) => item.id === routeId(id));
  // The document title, as the page names itself in the browser (usePageTitle): the category's name.
  return { data, status: 200, ...(category ? { title: localizedField(category, 'name', locale) } : {}) };
}

async function detailsData({ params, api, locale }: ServerPageRequest): Promise<ServerPageData> {
  const id = params.id ?? '';
  // An id that is not a number names no conference, as in the browser (which does not ask the API).
  const answer = routeId(id) !== null ? await api.get(`conference/${encodeURIComponent(id)}`) : null;
  const conference = answer === null ? null : conferenceDetailsResponseSchema.parse(answer).data;
  // The page then says the conference does not exist; crawlers get the status too.
  // The document title, as the page names itself in the browser (usePageTitle): the conference's title.
  const title = conference === null ? resources[locale].details.title : localizedField(conference, 'title', locale);
  if (conference !== null) return { data: { [preloadKeys.conference(id)]: conference }, status: 200, title };
  // The not-found page links to the first category's conferences.
  const categories = conferenceCategoriesResponseSchema.parse(await api.get('conference-categories')).data;
  return { data: { [preloadKeys.conference(id)]: null, [preloadKeys.categories]: categories }, status: 404, title };
}

export const serverModule: RemoteServerModule = {
  exposes: { pages: { ConferenceList, ConferenceDetails } as RemoteServerModule['exposes'][string] },
  async loadData(expose, name, request) {
    if (expose !== 'pages') return null;
    if (name === 'ConferenceList') return listData(request);
    if (name === 'ConferenceDetails') return detailsData(request);
    return null;
  },
};
