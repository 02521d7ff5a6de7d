/**
 * The operator side's foundation: staff roles as a set, the first administrator's one-time setup
 * link, the command line (through the running API, or on the database itself), and the append-only
 * audit log.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { successMessages, validationMessages } from '@scholars/shared-contracts/schemas';
import { adminSetupTokens, auditLog, users } from '../src/db/schema';
import { issueSetupToken } from '../src/lib/operators/setup-links';
import { writeOperatorFile } from '../src/lib/operators/local-files';
import { OPERATOR_SECRET_HEADER } from '../src/routes/operator';
import { bearer, createUser, getJson, postJson, signIn, usePostgres, useApp } from './helper';

const app = useApp();
const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const rolesOf = async (id: number) => (await app().db.select({ roles: users.roles }).from(users).where(eq(users.id, id)))[0]!.roles;
const auditOf = (targetId: number) => app().db.select().from(auditLog).where(eq(auditLog.targetId, targetId));
const newAdmin = (suffix: string) => ({
  name: `First Administrator ${suffix}`,
  email: `first.admin.${suffix}.${Date.now()}@example.ae`,
  password: 'a-long-passphrase',
  password_confirmation: 'a-long-passphrase',
});

describe('the first administrator: a one-time setup link', () => {
  it('is good for 24 hours, replaced by the next start, and answers in the caller’s language when not', async () => {
    const expired = await issueSetupToken(app().db, new Date(Date.now() - 25 * 3600_000));
    expect(expired).not.toBeNull();
    const gone = await getJson(app(), `/api/setup/${expired!.token}`, { 'accept-language': 'ar' });
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ status: false, msg: validationMessages.ar.setupLinkInvalid });

    const older = await issueSetupToken(app().db);
    const newer = await issueSetupToken(app().db);
    expect((await getJson(app(), `/api/setup/${older!.token}`)).status).toBe(404);
    const good = await getJson(app(), `/api/setup/${newer!.token}`);
    expect(good.status).toBe(200);
    expect(Date.parse((good.body.data as { expires_at: string }).expires_at) - Date.now()).toBeGreaterThan(23 * 3600_000);
    // Only a hash is stored.
    const stored = await app().db.select({ hash: adminSetupTokens.tokenHash }).from(adminSetupTokens);
    expect(stored.map((row) => row.hash)).not.toContain(newer!.token);
    expect((await getJson(app(), '/api/setup/not-a-token-at-all-but-long')).status).toBe(404);
  });

  it('refuses to promote without a signed-in account, and a form with problems', async () => {
    const link = await issueSetupToken(app().db);
    expect((await postJson(app(), `/api/setup/${link!.token}`, { promote: true })).status).toBe(401);
    const bad = await postJson(app(), `/api/setup/${link!.token}`, { ...newAdmin('bad'), password_confirmation: 'different-words' });
    expect(bad.status).toBe(400);
    // Still good: nothing was spent.
    expect((await getJson(app(), `/api/setup/${link!.token}`)).status).toBe(200);
  });

  it('makes one administrator of two simultaneous uses, then opens nothing more', async () => {
    const link = await issueSetupToken(app().db);
    const one = newAdmin('one');
    const two = newAdmin('two');
    const [first, second] = await Promise.all([postJson(app(), `/api/setup/${link!.token}`, one), postJson(app(), `/api/setup/${link!.token}`, two)]);
    const statuses = [first.status, second.status].sort();
    expect(statuses[0]).toBe(200);
    expect([404, 409]).toContain(statuses[1]);
    const won = first.status === 200 ? first : second;
    expect(won.body.msg).toBe(successMessages.en.setupDone);
    const { user_id: adminId, email } = won.body.data as { user_id: number; email: string };
    expect(await rolesOf(adminId)).toEqual(['admin']);
    // The loser's account was not kept.
    const kept = await app().db.select({ email: users.email }).from(users).where(inArray(users.email, [one.email, two.email]));
    expect(kept).toEqual([{ email }]);

    // The new administrator signs in as one; the audit log says how they came to be.
    const me = await getJson(app(), '/api/auth/me', bearer(await signIn(app(), { id: adminId })));
    expect(me.body.data).toMatchObject({ email, role: 'admin', roles: ['admin'] });
    expect(await auditOf(adminId)).toMatchObject([{ action: 'setup', actorLabel: 'setup-link', actorId: adminId, details: { role: 'admin', way: 'created' } }]);

    // An administrator exists: the link, and any new one, opens nothing.
    expect((await getJson(app(), `/api/setup/${link!.token}`)).status).toBe(409);
    expect(await issueSetupToken(app().db)).toBeNull();
    const member = await createUser(app());
    const promote = await postJson(app(), `/api/setup/${link!.token}`, { promote: true }, bearer(await signIn(app(), member)));
    expect(promote.status).toBe(409);
    expect(await rolesOf(member.id)).toEqual([]);
  });
});

describe('staff roles through the operator call (the command line while the site runs)', () => {
  const call = (body: unknown, headers: Record<string, string> = { [OPERATOR_SECRET_HEADER]: app().operatorSecret }) =>
    postJson(app(), '/api/operator/roles', body, headers);

  it('grants and revokes, counted from the account’s next call, each change in the audit log', async () => {
    const academic = await createUser(app(), { role: 'supervisor' });
    const headers = bearer(await signIn(app(), academic));
    // A supervisor sees only their students' work; a reviewer every submission's.
    expect((await getJson(app(), '/api/review/research', headers)).status).toBe(200);
    expect((await getJson(app(), '/api/conference-requests', headers)).status).toBe(403);

    const granted = await call({ action: 'grant', email: academic.email.toUpperCase(), role: 'admin', reason: 'Runs the conferences' });
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({ status: true, msg: successMessages.en.roleGranted, data: { user_id: academic.id, roles: ['supervisor', 'admin'], changed: true } });
    // The same session, no new sign-in: the role counts at once.
    expect((await getJson(app(), '/api/conference-requests', headers)).status).toBe(200);
    expect((await getJson(app(), '/api/auth/me', headers)).body.data).toMatchObject({ role: 'admin', roles: ['supervisor', 'admin'] });

    const again = await call({ action: 'grant', email: academic.email, role: 'admin' });
    expect(again.body).toMatchObject({ msg: successMessages.en.roleUnchanged, data: { changed: false } });

    const revoked = await call({ action: 'revoke', email: academic.email, role: 'admin' });
    expect(revoked.body).toMatchObject({ msg: successMessages.en.roleRevoked, data: { roles: ['supervisor'], changed: true } });
    expect((await getJson(app(), '/api/conference-requests', headers)).status).toBe(403);

    const entries = await auditOf(academic.id);
    expect(entries.map((entry) => [entry.action, entry.actorLabel, entry.actorId, entry.details, entry.reason])).toEqual([
      ['grant', 'cli', null, { role: 'admin' }, 'Runs the conferences'],
      ['revoke', 'cli', null, { role: 'admin' }, null],
    ]);
  });

  it('refuses a wrong or missing secret, a proxied call, an unknown account and an unknown role', async () => {
    const member = await createUser(app());
    const body = { action: 'grant', email: member.email, role: 'reviewer' };
    expect((await call(body, {})).status).toBe(403);
    expect((await call(body, { [OPERATOR_SECRET_HEADER]: 'x'.repeat(43) })).status).toBe(403);
    const proxied = await call(body, { [OPERATOR_SECRET_HEADER]: app().operatorSecret, 'x-forwarded-for': '203.0.113.9', 'accept-language': 'ar' });
    expect(proxied.status).toBe(403);
    expect(proxied.body.msg).toBe(validationMessages.ar.operatorSecretInvalid);
    expect((await call({ ...body, email: 'nobody.here@example.ae' })).status).toBe(404);
    expect((await call({ ...body, role: 'user' })).status).toBe(400);
    expect((await call({ ...body, role: 'owner' })).status).toBe(400);
    expect(await rolesOf(member.id)).toEqual([]);
  });
});

describe('the audit log', () => {
  it('is append-only in the database itself', async () => {
    await app().db.insert(auditLog).values({ actorId: null, actorLabel: 'cli', action: 'grant', targetType: 'user', targetId: null });
    await expect(app().db.update(auditLog).set({ reason: 'rewritten' })).rejects.toThrow();
    await expect(app().db.delete(auditLog)).rejects.toThrow();
  });
});

describe('the command line', () => {
  const run = promisify(execFile);
  const admin = (args: string[], env: Record<string, string>) =>
    run(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', ...args], {
      cwd: apiRoot,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
    }).then(
      (result) => ({ code: 0, ...result }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );

  it('explains its usage', async () => {
    const wrong = await admin(['promote', 'someone@example.ae'], { DATA_DIR: app().config.DATA_DIR });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('Usage: npm run admin -w api -- grant|revoke <email> supervisor|reviewer|admin');
  });

  it(usePostgres ? 'changes roles on the PostgreSQL database itself' : 'asks the running API (the embedded database admits one process)', async () => {
    const member = await createUser(app());
    let env: Record<string, string>;
    if (usePostgres) {
      env = { DATABASE_URL: app().config.DATABASE_URL!, DATA_DIR: app().config.DATA_DIR };
    } else {
      await app().listen({ port: 0, host: '127.0.0.1' });
      await writeOperatorFile(app().config, app().operatorSecret, app().server.address());
      env = { DATA_DIR: app().config.DATA_DIR };
    }
    const granted = await admin(['grant', member.email, 'reviewer', '--reason', 'Reviews education research'], env);
    expect(granted.stderr).toBe('');
    expect(granted.code).toBe(0);
    expect(granted.stdout).toContain(`The role was granted. Roles of ${member.email}: reviewer.`);
    expect(await rolesOf(member.id)).toEqual(['reviewer']);
    const unknown = await admin(['revoke', 'nobody.at.all@example.ae', 'reviewer'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No account has this e-mail address.');
    expect((await auditOf(member.id)).map((entry) => [entry.action, entry.actorLabel, entry.reason])).toEqual([['grant', 'cli', 'Reviews education research']]);
  });
});
