import { describe, expect, it } from 'vitest';
import {
  adsPageResponseSchema,
  communityCategoriesResponseSchema,
  conferenceCategoriesResponseSchema,
  conferencePageResponseSchema,
  errorEnvelopeSchema,
  researchCommunityPageResponseSchema,
  siteSettingsResponseSchema,
  subscriptionPlansResponseSchema,
  teamMemberResponseSchema,
  teamResponseSchema,
} from '@scholars/shared-contracts/schemas';
import { getJson, postJson, useApp } from './helper';

const app = useApp();
const ARABIC = /[\u0600-\u06FF]/;

describe('public reads return the spec fields', () => {
  it('GET /api/subscription-plan: yearly AED plans with bilingual features', async () => {
    const { status, body } = await getJson(app(), '/api/subscription-plan');
    expect(status).toBe(200);
    const parsed = subscriptionPlansResponseSchema.parse(body);
    expect(parsed.data).toHaveLength(3);
    for (const plan of parsed.data) {
      expect(plan.name).toMatch(ARABIC);
      expect(plan.name_en).not.toMatch(ARABIC);
      expect(plan.currency).toBe('AED');
      expect(plan.interval).toBe('year');
      expect(plan.price).toBeGreaterThan(0);
      expect(plan.subscription_plan_features.length).toBeGreaterThanOrEqual(1);
      for (const feature of plan.subscription_plan_features) {
        expect(Object.keys(feature).sort()).toEqual(['feature', 'feature_en', 'id']);
        expect(feature.feature).toMatch(ARABIC);
      }
    }
    expect(parsed.data.map((plan) => plan.price)).toEqual([...parsed.data.map((plan) => plan.price)].sort((a, b) => a - b));
  });

  it('GET /api/conference-categories: id 1 academic conferences, id 2 events and workshops, at least 4', async () => {
    const { status, body } = await getJson(app(), '/api/conference-categories');
    expect(status).toBe(200);
    const { data } = conferenceCategoriesResponseSchema.parse(body);
    expect(data.length).toBeGreaterThanOrEqual(4);
    for (const category of data) expect(Object.keys(category).sort()).toEqual(['id', 'name', 'name_en']);
    expect(data.find((c) => c.id === 1)?.name_en).toBe('Academic Conferences');
    expect(data.find((c) => c.id === 2)?.name_en).toMatch(/workshop/i);
  });

  it('GET /api/community-categories and the spec spelling /community-categories/', async () => {
    const plain = await getJson(app(), '/api/community-categories');
    const slashed = await getJson(app(), '/api/community-categories/');
    expect(plain.status).toBe(200);
    expect(slashed.status).toBe(200);
    const { data } = communityCategoriesResponseSchema.parse(plain.body);
    expect(data.length).toBeGreaterThanOrEqual(5);
    expect(slashed.body).toEqual(plain.body);
  });

  it('POST /api/conference/paginate: the events carousel call (limit 8, page 1, col title)', async () => {
    const { status, body } = await postJson(app(), '/api/conference/paginate', { limit: 8, page: 1, col: 'title', search: '' });
    expect(status).toBe(200);
    const parsed = conferencePageResponseSchema.parse(body);
    expect(parsed.data).toHaveLength(8);
    expect(parsed.tot).toBe(12);
    const modes = new Set(parsed.data.map((c) => c.mode));
    expect(modes.size).toBeGreaterThan(1);
    for (const conference of parsed.data) {
      expect(conference.title).toMatch(ARABIC);
      expect(conference.description_en.length).toBeGreaterThan(100);
      expect(conference.image).toMatch(/^public\/images\/conferences\/\d+\.svg$/);
      expect(Number.isNaN(Date.parse(conference.start_date))).toBe(false);
    }
    // Sorted by the Arabic title.
    const titles = parsed.data.map((c) => c.title);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('POST /api/research-community/paginate: the community carousel call, also with the spec leading slash', async () => {
    const payload = { limit: 12, page: 1, col: 'name_en', search: '' };
    const { status, body } = await postJson(app(), '/api/research-community/paginate', payload);
    expect(status).toBe(200);
    const parsed = researchCommunityPageResponseSchema.parse(body);
    expect(parsed.tot).toBe(12);
    expect(parsed.data).toHaveLength(12);
    for (const item of parsed.data) {
      expect(Object.keys(item).sort()).toEqual(['abstract', 'category_id', 'id', 'image', 'name', 'name_en', 'updated']);
      expect(item.abstract.length).toBeGreaterThan(100);
      expect(item.image).toMatch(/^public\/images\/research\/\d+\.svg$/);
    }
    const names = parsed.data.map((item) => item.name_en);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const doubled = await postJson(app(), '/api//research-community/paginate/', payload);
    expect(doubled.status).toBe(200);
    expect(doubled.body).toEqual(body);
  });

  it('GET /api/team and /team/: six members with "University - Department" pairs, some links empty', async () => {
    const { status, body } = await getJson(app(), '/api/team/');
    expect(status).toBe(200);
    const { data } = teamResponseSchema.parse(body);
    expect(data).toHaveLength(6);
    for (const member of data) {
      expect(member.university).toMatch(/^.+ - .+$/);
      expect(member.university_en).toMatch(/^.+ - .+$/);
      expect(member.bio).toMatch(ARABIC);
      expect(member.image).toMatch(/^public\/images\/team\/\d+\.svg$/);
    }
    const links = data.flatMap((m) => [m.linkedin_link, m.twitter_link, m.facebook_link]);
    expect(links).toContain(null);
    expect(links.filter(Boolean).length).toBeGreaterThan(0);
  });

  it('GET /api/team/:id: one member; unknown id 404 and malformed id 400, both as envelopes', async () => {
    const one = await getJson(app(), '/api/team/2');
    expect(one.status).toBe(200);
    expect(teamMemberResponseSchema.parse(one.body).data.id).toBe(2);

    const missing = await getJson(app(), '/api/team/999', { 'accept-language': 'ar' });
    expect(missing.status).toBe(404);
    expect(errorEnvelopeSchema.parse(missing.body)).toMatchObject({ status: false, err: 404, msg: 'غير موجود' });

    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const response = await getJson(app(), `/api/team/${bad}`);
      expect(response.status, bad).toBe(400);
      expect(errorEnvelopeSchema.parse(response.body).errors).toHaveProperty('id');
    }
  });

  it('POST /api/ads/websitePaginate: the pop-up call (limit 5, col title), one ad without link', async () => {
    const { status, body } = await postJson(app(), '/api/ads/websitePaginate', { limit: 5, page: 1, col: 'title', search: '' });
    expect(status).toBe(200);
    const parsed = adsPageResponseSchema.parse(body);
    expect(parsed.tot).toBe(3);
    expect(parsed.data.filter((ad) => ad.link === null)).toHaveLength(1);
    for (const ad of parsed.data) {
      expect(ad.image_url).toMatch(/^public\/images\/ads\/\d+\.svg$/);
      if (ad.link) expect(ad.link).toMatch(/^\/[a-z]/);
    }
  });

  it('GET /api/site-settings: social links (null when not set), contact details and the made-by credit', async () => {
    const { status, body } = await getJson(app(), '/api/site-settings');
    expect(status).toBe(200);
    const { data } = siteSettingsResponseSchema.parse(body);
    expect(data.social_links.facebook).toMatch(/^https:\/\//);
    expect(data.social_links.youtube).toBeNull();
    expect(data.contact.address).toMatch(ARABIC);
    expect(data.contact.email).toContain('@');
    expect(data.made_by).toEqual({ name: expect.stringMatching(ARABIC), name_en: 'Scholars Hub engineering', url: 'https://github.example/scholars-hub' });
  });

  it('serves the seed images under /files with the part after public/', async () => {
    const { body } = await getJson(app(), '/api/team/1');
    const image = (body.data as { image: string }).image;
    const response = await app().inject({ method: 'GET', url: `/files/${image.replace(/^.*?public\//, '')}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.body).toMatch(/^<svg /);
    expect(response.body).not.toMatch(/<script|href="http|xlink:href/i);
  });
});
