import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ROOT, ConfigError, loadConfig } from '../src/config';

const PRODUCTION_SECRETS = {
  COOKIE_SECRET: 'c'.repeat(40),
  JWT_SECRET: 'j'.repeat(40),
  CAPTCHA_HMAC_KEY: 'k'.repeat(40),
};

describe('configuration', () => {
  it('has safe local defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toBe(path.join(API_ROOT, '.data'));
    expect(config.FILES_DIR).toBe(path.join(API_ROOT, '.data', 'files'));
    expect(config.SEED).toBe(true);
    expect(config.FRAME_ANCESTORS).toEqual(["'self'"]);
    expect(config.CORS_ORIGINS).toContain('http://localhost:8080');
  });

  it('reads lists, booleans and paths (relative paths from api/)', () => {
    const config = loadConfig({
      PORT: '4100',
      CORS_ORIGINS: 'https://platform.example, http://localhost:8080',
      FRAME_ANCESTORS: "'self' https://partner.example",
      SEED: 'false',
      DATA_DIR: 'tmp/data',
      FILES_DIR: '/srv/files',
      DATABASE_URL: 'postgres://u:p@db:5432/app',
      HOST: '',
    });
    expect(config.PORT).toBe(4100);
    expect(config.CORS_ORIGINS).toEqual(['https://platform.example', 'http://localhost:8080']);
    expect(config.FRAME_ANCESTORS).toEqual(["'self'", 'https://partner.example']);
    expect(config.SEED).toBe(false);
    expect(config.DATA_DIR).toBe(path.join(API_ROOT, 'tmp', 'data'));
    expect(config.FILES_DIR).toBe('/srv/files');
    expect(config.HOST).toBe('127.0.0.1');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ CORS_ORIGINS: 'https://ok.example/path' }, 'CORS_ORIGINS'],
    [{ SEED: 'maybe' }, 'SEED'],
    [{ FRAME_ANCESTORS: "'unsafe-inline'" }, 'FRAME_ANCESTORS'],
    [{ NODE_ENV: 'production' }, 'COOKIE_SECRET'],
    [{ COOKIE_SECRET: 'short' }, 'COOKIE_SECRET'],
    [{ NODE_ENV: 'production', ...PRODUCTION_SECRETS }, 'SMTP_URL'],
    [{ NODE_ENV: 'production', ...PRODUCTION_SECRETS, SMTP_URL: 'smtp://mail.example:587', MAIL_DEV_OUTBOX: 'admin' }, 'MAIL_DEV_OUTBOX'],
    [{ MAIL_DEV_OUTBOX: 'everyone' }, 'MAIL_DEV_OUTBOX'],
  ])('rejects %o naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as ConfigError).problems.join('\n')).toContain(variable);
      expect((error as ConfigError).message).not.toMatch(/validation\./);
    }
  });

  it("keeps the site's public address without a final '/', so that every link is `${PUBLIC_BASE_URL}/path`", () => {
    expect(loadConfig({}).PUBLIC_BASE_URL).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://scholars.example/' }).PUBLIC_BASE_URL).toBe('https://scholars.example');
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://scholars.example/portal//' }).PUBLIC_BASE_URL).toBe('https://scholars.example/portal');
  });

  it('the dev outbox is for administrators by default, and off in production', () => {
    expect(loadConfig({}).MAIL_DEV_OUTBOX).toBe('admin');
    expect(loadConfig({ MAIL_DEV_OUTBOX: 'open' }).MAIL_DEV_OUTBOX).toBe('open');
    expect(loadConfig({ MAIL_DEV_OUTBOX: 'false' }).MAIL_DEV_OUTBOX).toBe('off');
    expect(loadConfig({ NODE_ENV: 'production', ...PRODUCTION_SECRETS, SMTP_URL: 'smtp://mail.example:587' }).MAIL_DEV_OUTBOX).toBe('off');
  });

  it('in production the API refuses to start with the payment simulator (no Stripe keys), naming the setting', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(API_ROOT, 'src', 'server.ts')], {
      cwd: API_ROOT,
      env: {
        ...process.env,
        ...PRODUCTION_SECRETS,
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://mail.example:587',
        STRIPE_SECRET_KEY: '',
        STRIPE_WEBHOOK_SECRET: '',
        // Never reached: the start stops before the database opens.
        DATABASE_URL: 'postgres://nobody:nothing@127.0.0.1:1/none',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('STRIPE_SECRET_KEY');
    expect(result.stderr).toContain('NODE_ENV=production');
  });

  it('the server exits 1 with a clear message on a bad configuration', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(API_ROOT, 'src', 'server.ts')], {
      cwd: API_ROOT,
      env: { ...process.env, PORT: 'not-a-port', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toMatch(/PORT: /);
  });

  // ---- files on an object store (issue 22)
  it('S3 settings: off by default; with S3_BUCKET, defaults and checks', () => {
    expect(loadConfig({}).S3_BUCKET).toBeUndefined();
    const s3 = loadConfig({ S3_BUCKET: 'scholars-files', S3_ENDPOINT: 'http://127.0.0.1:4568', S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' });
    expect(s3).toMatchObject({ S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true, S3_PRESIGN_TTL_SECONDS: 300 });
    expect(() => loadConfig({ S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'a' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:4568' })).toThrow(/S3_ENDPOINT: is set but S3_BUCKET is not/);
    expect(() => loadConfig({ S3_BUCKET: 'files', S3_PRESIGN_TTL_SECONDS: '0' })).toThrow(/S3_PRESIGN_TTL_SECONDS/);
  });
});
