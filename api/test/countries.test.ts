/**
 * Countries are ISO 3166-1 alpha-2 codes: the migration that turned stored names (English or
 * Arabic, as the seed and older forms wrote them) into codes, the seed, and the validation of a
 * country by sign-up, the profile and the conference request (a code, or a name taken as its code;
 * anything else is a localized 400).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { validationMessages } from '@scholars/shared-contracts/schemas';
import { MIGRATIONS_DIR } from '../src/config';
import { users } from '../src/db/schema';
import { seedUsers } from '../src/db/seed-data';
import { bearer, createUser, getJson, postJson, signIn, solveCaptcha, useApp, type TestApp } from './helper';

const app = useApp();

/** Runs the country migration again, statement by statement, on rows written the old way. */
async function runCountryMigration(test: TestApp) {
  const text = readFileSync(path.join(MIGRATIONS_DIR, '0013_country_codes.sql'), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.trim()) await test.db.execute(sql.raw(statement));
  }
}

const profileBody = (name: string, email: string, country: unknown) => ({
  name,
  email,
  phone: '+971501234567',
  country,
  gender: 'female',
  bio: null,
  data_access: false,
  newsletter: false,
});

async function putProfile(test: TestApp, headers: Record<string, string>, body: unknown, locale = 'en') {
  const response = await test.inject({
    method: 'PUT',
    url: '/api/profile',
    headers: { ...headers, 'accept-language': locale, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return { status: response.statusCode, body: response.json() as { status: boolean; errors?: Record<string, string>; data?: { country: string | null } } };
}

describe('country migration (0013_country_codes)', () => {
  it('turns English and Arabic names and lower-case codes into codes, and leaves other text as written', async () => {
    const test = app();
    const written = ['United Arab Emirates', 'الإمارات العربية المتحدة', 'سلطنة عُمان', 'Saudi Arabia', 'جمهورية مصر العربية', ' jo ', 'Narnia', 'AE'];
    const ids: number[] = [];
    for (const country of written) ids.push((await createUser(test, { country })).id);
    await runCountryMigration(test);
    const rows = await test.db.select({ id: users.id, country: users.country }).from(users).where(inArray(users.id, ids));
    const byId = new Map(rows.map((row) => [row.id, row.country]));
    expect(ids.map((id) => byId.get(id))).toEqual(['AE', 'AE', 'OM', 'SA', 'EG', 'JO', 'Narnia', 'AE']);
  });

  it('the seed stores codes', async () => {
    const test = app();
    expect(seedUsers.every((user) => /^[A-Z]{2}$/.test(user.country))).toBe(true);
    const [seeded] = await test.db.select({ country: users.country }).from(users).where(eq(users.email, seedUsers[4]!.email));
    expect(seeded?.country).toBe('OM');
  });
});

describe('a country is validated as a code', () => {
  it('the profile takes a code, and a name as its code', async () => {
    const test = app();
    const user = await createUser(test);
    const headers = bearer(await signIn(test, user));
    const coded = await putProfile(test, headers, profileBody(user.name, user.email, 'OM'));
    expect(coded.status).toBe(200);
    expect(coded.body.data?.country).toBe('OM');
    const named = await putProfile(test, headers, profileBody(user.name, user.email, 'المملكة العربية السعودية'));
    expect(named.status).toBe(200);
    expect(named.body.data?.country).toBe('SA');
    const publicProfile = await getJson(test, `/api/users/${user.id}/profile`);
    expect((publicProfile.body.data as { country: string }).country).toBe('SA');
  });

  it('a bad code is a localized 400, in English and in Arabic', async () => {
    const test = app();
    const user = await createUser(test);
    const headers = bearer(await signIn(test, user));
    const english = await putProfile(test, headers, profileBody(user.name, user.email, 'XX'));
    expect(english.status).toBe(400);
    expect(english.body).toMatchObject({ status: false, errors: { country: validationMessages.en.countryInvalid } });
    const arabic = await putProfile(test, headers, profileBody(user.name, user.email, 'Atlantis'), 'ar');
    expect(arabic.status).toBe(400);
    expect(arabic.body).toMatchObject({ status: false, errors: { country: validationMessages.ar.countryInvalid } });
    expect(validationMessages.ar.countryInvalid).not.toBe(validationMessages.en.countryInvalid);
  });

  it('sign-up refuses a country that is not a code, in the request language', async () => {
    const test = app();
    const answer = await postJson(
      test,
      '/api/auth/register',
      {
        name: 'Country Tester',
        email: `country.${Date.now()}@example.ae`,
        phone: '+971501234567',
        country: 'ZZ',
        gender: 'male',
        password: 'Str0ng-pass!word',
        password_confirmation: 'Str0ng-pass!word',
        captcha: await solveCaptcha(test),
      },
      { 'accept-language': 'ar' },
    );
    expect(answer.status).toBe(400);
    expect((answer.body.errors as Record<string, string>).country).toBe(validationMessages.ar.countryInvalid);
  });
});
