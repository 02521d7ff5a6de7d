/**
 * The home page's content in the console (administrators): ads, team members, FAQ entries and the
 * site settings. Lists are read like the other console lists (the envelope's shape); writes send the
 * bodies the shared write schemas made (the forms validate with them too).
 */
import { apiClient, envelopeData, isDataObject } from '@scholars/shared-contracts';
import type {
  AdminAd,
  AdminAdsQuery,
  AdminFaqEntry,
  AdminFaqQuery,
  AdminSiteSettings,
  AdminTeamMember,
  AdminTeamQuery,
  AdUpdate,
  AdWrite,
  FaqUpdate,
  FaqWrite,
  SiteSettingsWrite,
  TeamMemberUpdate,
  TeamMemberWrite,
} from '@scholars/shared-contracts/schemas';
import { readPage } from './admin';
import { deleteRecord, saveRecord } from './content';

/** `GET admin/ads?q=&active=&page=&limit=`. */
export const fetchAdminAds = (query: AdminAdsQuery, signal?: AbortSignal) => readPage<AdminAd>('admin/ads', query, signal);
export const createAd = (body: AdWrite) => saveRecord<AdminAd>('post', 'admin/ads', body);
export const updateAd = (id: number, body: AdUpdate) => saveRecord<AdminAd>('put', `admin/ads/${id}`, body);
export const deleteAd = (id: number, version: number) => deleteRecord(`admin/ads/${id}`, version);

/** `GET admin/team?q=&published=&page=&limit=`. */
export const fetchAdminTeam = (query: AdminTeamQuery, signal?: AbortSignal) => readPage<AdminTeamMember>('admin/team', query, signal);
export const createTeamMember = (body: TeamMemberWrite) => saveRecord<AdminTeamMember>('post', 'admin/team', body);
export const updateTeamMember = (id: number, body: TeamMemberUpdate) => saveRecord<AdminTeamMember>('put', `admin/team/${id}`, body);
export const deleteTeamMember = (id: number, version: number) => deleteRecord(`admin/team/${id}`, version);

/** `GET admin/faq?q=&published=&page=&limit=`. */
export const fetchAdminFaq = (query: AdminFaqQuery, signal?: AbortSignal) => readPage<AdminFaqEntry>('admin/faq', query, signal);
export const createFaqEntry = (body: FaqWrite) => saveRecord<AdminFaqEntry>('post', 'admin/faq', body);
export const updateFaqEntry = (id: number, body: FaqUpdate) => saveRecord<AdminFaqEntry>('put', `admin/faq/${id}`, body);
export const deleteFaqEntry = (id: number, version: number) => deleteRecord(`admin/faq/${id}`, version);

/** `GET admin/site-settings`: the settings with their version. */
export async function fetchSiteSettings(signal?: AbortSignal): Promise<AdminSiteSettings> {
  const response = await apiClient.get('admin/site-settings', { silent: true, errorToast: false, signal });
  if (response.status >= 400) throw new Error(`admin/site-settings answered ${response.status}`);
  return envelopeData<AdminSiteSettings>(response.data, isDataObject, 'admin/site-settings');
}
export const saveSiteSettings = (body: SiteSettingsWrite) => saveRecord<AdminSiteSettings>('put', 'admin/site-settings', body);
