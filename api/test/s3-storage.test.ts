/**
 * Files on an object store (issue 22): the app configured for S3 against a real S3-compatible
 * server (s3rver) on 127.0.0.1. Uploads land in the bucket, not on the disk; private files are
 * read through presigned links issued only after the usual checks, and those links expire;
 * public images keep their /files address; removed files leave the bucket; `files:to-s3`
 * copies a disk's files once.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { researchOwnerFileLinkResponseSchema } from '@scholars/shared-contracts/schemas';
import { API_ROOT } from '../src/config';
import { ebooks, researchSubmissions, users } from '../src/db/schema';
import { createS3Client, s3Settings } from '../src/lib/uploads';
import { member } from './community-helpers';
import { PDF, PNG, staffHeaders, uploadContent, uploadedPath } from './content-helpers';
import { build, postJson, useApp, type TestApp, signedInUser, type CreateUserOverrides } from './helper';
import { pdfBytes, pngBytes, researchForm, submitResearch, validFields } from './research-helpers';
import { TEST_BUCKET, useS3Server } from './s3-server';

const TTL_SECONDS = 3;
const s3 = useS3Server({ S3_PRESIGN_TTL_SECONDS: String(TTL_SECONDS) });
const app = useApp({ env: s3.env });

let client: S3Client;
beforeAll(() => {
  client = createS3Client(s3Settings(app().config)!);
});
afterAll(() => client?.destroy());

async function inBucket(key: string): Promise<Buffer | null> {
  try {
    const answer = await client.send(new GetObjectCommand({ Bucket: TEST_BUCKET, Key: key }));
    return Buffer.from(await answer.Body!.transformToByteArray());
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return null;
    throw error;
  }
}

/** Every file under a folder, staging leftovers included. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
}

const signedIn = (overrides: CreateUserOverrides = {}) => signedInUser(app(), overrides);

async function submitted(headers: Record<string, string>) {
  const { status, body } = await submitResearch(app(), headers, researchForm({ ...validFields(), research_type: 'general' }));
  expect(status).toBe(201);
  const [row] = await app().db.select().from(researchSubmissions).where(eq(researchSubmissions.id, body.data!.id as number));
  return row!;
}

/** The file route of a file-link answer, followed through the API: its 302 and where it points. */
async function followLink(viewUrl: string) {
  const answer = await app().inject({ method: 'GET', url: `/api/${viewUrl}` });
  return { status: answer.statusCode, location: String(answer.headers.location ?? ''), cacheControl: answer.headers['cache-control'] };
}

describe('S3 store: private research files', () => {
  it('a research PDF and its image go to the bucket, not the disk', async () => {
    const { headers } = await signedIn();
    const row = await submitted(headers);
    expect(row.filePath).toMatch(/^private\/research\/.+\.pdf$/);
    expect(await inBucket(row.filePath)).toEqual(pdfBytes());
    expect(await inBucket(row.image!)).not.toBeNull();
    expect(filesUnder(app().config.FILES_DIR)).toEqual([]);
  });

  it('the file link leads, after the checks, to a presigned address of the bytes, which expires', async () => {
    const { headers } = await signedIn();
    const row = await submitted(headers);
    const link = await postJson(app(), `/api/research/${row.id}/file-link`, {}, headers);
    expect(link.status).toBe(200);
    // The answer keeps its shape: addresses relative to the API base.
    const data = researchOwnerFileLinkResponseSchema.parse(link.body).data;
    expect(data.view_url).toMatch(new RegExp(`^research/${row.id}/file\\?token=`));

    const view = await followLink(data.view_url);
    expect(view.status).toBe(302);
    expect(view.cacheControl).toBe('private, no-store');
    expect(view.location.startsWith(`${s3.env.S3_ENDPOINT}/${TEST_BUCKET}/${row.filePath}?`)).toBe(true);
    expect(new URL(view.location).searchParams.get('X-Amz-Expires')).toBe(String(TTL_SECONDS));
    const bytes = await fetch(view.location);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-type')).toBe('application/pdf');
    expect(bytes.headers.get('content-disposition')).toMatch(/^inline; filename="research\.pdf"/);
    expect(Buffer.from(await bytes.arrayBuffer())).toEqual(pdfBytes());

    const download = await followLink(data.download_url);
    const downloaded = await fetch(download.location);
    expect(downloaded.headers.get('content-disposition')).toMatch(/^attachment; filename="research\.pdf"/);

    // Past its validity the presigned address is refused by the store itself.
    await new Promise((resolve) => setTimeout(resolve, (TTL_SECONDS + 1.5) * 1000));
    expect((await fetch(view.location)).status).toBe(403);
    // The API's own link (15 minutes) still gives a fresh one.
    const again = await followLink(data.view_url);
    expect((await fetch(again.location)).status).toBe(200);
  });

  it('another user is refused the link (404, as on the disk) and a forged token gets no address', async () => {
    const owner = await signedIn();
    const row = await submitted(owner.headers);
    const stranger = await signedIn();
    expect((await postJson(app(), `/api/research/${row.id}/file-link`, {}, stranger.headers)).status).toBe(404);
    const forged = await app().inject({ method: 'GET', url: `/api/research/${row.id}/file?token=abc.def` });
    expect(forged.statusCode).toBe(403);
    expect(forged.headers.location).toBeUndefined();
  });

  it('removing a submission deletes its objects; its file link then answers 404', async () => {
    const owner = await signedIn();
    const row = await submitted(owner.headers);
    const admin = await signedIn({ role: 'admin' });
    const moved = await postJson(app(), `/api/review/research/${row.id}/transition`, { to: 'removed', reason: 'Published elsewhere without permission.' }, admin.headers);
    expect(moved.status).toBe(200);
    expect(await inBucket(row.filePath)).toBeNull();
    expect(await inBucket(row.image!)).toBeNull();
    expect((await postJson(app(), `/api/research/${row.id}/file-link`, {}, owner.headers)).status).toBe(404);
  });

  it('an approved research is read through presigned links in the community and the library, by subscribers only', async () => {
    const owner = await signedIn();
    const row = await submitted(owner.headers);
    const admin = await signedIn({ role: 'admin' });
    expect((await postJson(app(), `/api/review/research/${row.id}/transition`, { to: 'approved' }, admin.headers)).status).toBe(200);
    const reader = await member(app());
    const unsubscribed = await member(app(), { subscribed: false });
    const [item] = await app().db.select({ id: ebooks.id }).from(ebooks).where(eq(ebooks.researchId, row.id));
    for (const route of [`research-community/${row.id}`, `library/${item!.id}`]) {
      expect((await postJson(app(), `/api/${route}/file-link`, {}, unsubscribed.headers)).status).toBe(403);
      const link = await postJson(app(), `/api/${route}/file-link`, {}, reader.headers);
      expect(link.status, route).toBe(200);
      const view = await followLink((link.body as { data: { view_url: string } }).data.view_url);
      expect(view.status, route).toBe(302);
      expect(view.location.startsWith(`${s3.env.S3_ENDPOINT}/${TEST_BUCKET}/${row.filePath}?`)).toBe(true);
      expect(Buffer.from(await (await fetch(view.location)).arrayBuffer())).toEqual(pdfBytes());
    }
  });

  it("the seed's books (not in the bucket) are still sent by the API", async () => {
    const reader = await member(app());
    const [book] = await app().db
      .select({ id: ebooks.id, filePath: ebooks.filePath })
      .from(ebooks)
      .where(and(eq(ebooks.status, 'published'), isNotNull(ebooks.filePath)))
      .limit(1);
    const link = await postJson(app(), `/api/library/${book!.id}/file-link`, {}, reader.headers);
    expect(link.status).toBe(200);
    const file = await app().inject({ method: 'GET', url: `/api/${(link.body as { data: { view_url: string } }).data.view_url}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('S3 store: public images', () => {
  it('an avatar is in the bucket and served at its /files address with the same headers; replaced or removed, it leaves the bucket', async () => {
    const { user, headers } = await signedIn();
    const upload = async () => {
      const form = new FormData();
      form.append('avatar', new Blob([new Uint8Array(pngBytes())], { type: 'image/png' }), 'me.png');
      const answer = await app().inject({ method: 'POST', url: '/api/profile/avatar', headers, payload: form });
      expect(answer.statusCode).toBe(200);
      return (answer.json() as { data: { avatar: string } }).data.avatar;
    };
    const first = await upload();
    const stored = await inBucket(first);
    expect(stored).not.toBeNull();

    const served = await app().inject({ method: 'GET', url: `/files/${first.slice('public/'.length)}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.rawPayload).toEqual(stored);
    const etag = String(served.headers.etag);
    expect((await app().inject({ method: 'GET', url: `/files/${first.slice('public/'.length)}`, headers: { 'if-none-match': etag } })).statusCode).toBe(304);

    const second = await upload();
    expect(await inBucket(first)).toBeNull();
    expect(await inBucket(second)).not.toBeNull();
    expect((await app().inject({ method: 'DELETE', url: '/api/profile/avatar', headers })).statusCode).toBe(200);
    expect(await inBucket(second)).toBeNull();
    expect((await app().inject({ method: 'GET', url: `/files/${second.slice('public/'.length)}` })).statusCode).toBe(404);
    const [row] = await app().db.select({ avatar: users.avatar }).from(users).where(eq(users.id, user.id));
    expect(row!.avatar).toBeNull();
  });

  it("content uploads go to the bucket; the seed's images are still served; nothing leaves public/", async () => {
    const { headers } = await staffHeaders(app());
    const image = await uploadContent(app(), headers, 'image', 'cover.png', PNG);
    expect(image.statusCode).toBe(201);
    const imagePath = (image.json() as { data: { path: string } }).data.path;
    expect(await inBucket(imagePath)).not.toBeNull();
    expect((await app().inject({ method: 'GET', url: `/files/${imagePath.slice('public/'.length)}` })).statusCode).toBe(200);

    const pdf = await uploadContent(app(), headers, 'pdf', 'book.pdf', PDF);
    const pdfPath = (pdf.json() as { data: { path: string } }).data.path;
    expect(await inBucket(pdfPath)).not.toBeNull();
    // A private key is not reachable under /files.
    expect((await app().inject({ method: 'GET', url: `/files/../${pdfPath}` })).statusCode).toBe(404);

    const seed = await app().inject({ method: 'GET', url: '/files/images/speakers/1.svg' });
    expect(seed.statusCode).toBe(200);
    expect(seed.headers['cache-control']).toBe('public, max-age=86400');
    expect((await app().inject({ method: 'GET', url: '/files/images/none/such.png' })).statusCode).toBe(404);
    expect(filesUnder(app().config.FILES_DIR)).toEqual([]);
  });

  it('a content picture replaced or deleted leaves the bucket, unless another row still uses it', async () => {
    const { headers } = await staffHeaders(app());
    const [first, second] = await Promise.all([uploadedPath(app(), headers), uploadedPath(app(), headers)]);
    const ad = { title: 'إعلان', title_en: 'Notice', active: false };
    const created = await postJson(app(), '/api/admin/ads', { ...ad, image_url: first }, headers);
    const other = await postJson(app(), '/api/admin/ads', { ...ad, image_url: second }, headers);
    expect([created.status, other.status]).toEqual([201, 201]);
    const { id, version } = (created.body as { data: { id: number; version: number } }).data;
    // The first ad takes the second's picture: the first picture is unused, the second still used.
    const edited = await app().inject({ method: 'PUT', url: `/api/admin/ads/${id}`, headers, payload: { ...ad, image_url: second, version } });
    expect(edited.statusCode).toBe(200);
    expect(await inBucket(first!)).toBeNull();
    const removed = await app().inject({ method: 'DELETE', url: `/api/admin/ads/${id}?version=${version + 1}`, headers });
    expect(removed.statusCode).toBe(200);
    expect(await inBucket(second!)).not.toBeNull();
    const { id: otherId, version: otherVersion } = (other.body as { data: { id: number; version: number } }).data;
    expect((await app().inject({ method: 'DELETE', url: `/api/admin/ads/${otherId}?version=${otherVersion}`, headers })).statusCode).toBe(200);
    expect(await inBucket(second!)).toBeNull();
  });

  it('with S3_PUBLIC_BASE_URL, /files redirects to the public base (the seed still served here)', async () => {
    const cdn = await build({ env: { ...s3.env, S3_PUBLIC_BASE_URL: 'https://cdn.scholars.example/media/' } });
    try {
      const { headers } = await staffHeaders(cdn);
      const image = await uploadContent(cdn, headers, 'image', 'cover.png', PNG);
      const key = (image.json() as { data: { path: string } }).data.path;
      const answer = await cdn.inject({ method: 'GET', url: `/files/${key.slice('public/'.length)}` });
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toBe(`https://cdn.scholars.example/media/${key}`);
      expect((await cdn.inject({ method: 'GET', url: '/files/images/speakers/1.svg' })).statusCode).toBe(200);
    } finally {
      await (cdn as TestApp).cleanup();
    }
  });
});

describe('npm run files:to-s3', () => {
  it('copies the files of a disk into the bucket; a second run copies nothing', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'scholars-to-s3-'));
    try {
      const filesDir = path.join(dataDir, 'files');
      const keys = ['public/images/avatars/2026/01/old-avatar.png', 'private/research/2026/01/old-thesis.pdf'];
      await mkdir(path.join(filesDir, 'public/images/avatars/2026/01'), { recursive: true });
      await mkdir(path.join(filesDir, 'private/research/2026/01'), { recursive: true });
      await mkdir(path.join(filesDir, '.staging'), { recursive: true });
      await writeFile(path.join(filesDir, keys[0]!), pngBytes());
      await writeFile(path.join(filesDir, keys[1]!), pdfBytes('An old thesis'));
      await writeFile(path.join(filesDir, '.staging', 'half.pdf.part'), 'never copied');

      const run = () =>
        promisify(execFile)(path.join(API_ROOT, '..', 'node_modules', '.bin', 'tsx'), ['src/cli/files-to-s3.ts'], {
          cwd: API_ROOT,
          env: { PATH: process.env.PATH, DATA_DIR: dataDir, ...s3.env },
        });
      const first = await run();
      expect(first.stdout).toContain('copied 2, already there 0, failed 0');
      expect(await inBucket(keys[1]!)).toEqual(pdfBytes('An old thesis'));
      const head = await client.send(new HeadObjectCommand({ Bucket: TEST_BUCKET, Key: keys[0]! }));
      expect(head.ContentType).toBe('image/png');
      expect(await inBucket('.staging/half.pdf.part')).toBeNull();

      const second = await run();
      expect(second.stdout).toContain('copied 0, already there 2, failed 0');

      // The copied files are the site's: the avatar is served at its old address.
      expect((await app().inject({ method: 'GET', url: `/files/${keys[0]!.slice('public/'.length)}` })).statusCode).toBe(200);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
