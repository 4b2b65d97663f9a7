import { crc32, deflateSync } from 'node:zlib';
import { DEFAULT_AVATAR_PATH, type LoginResponse, type SignedInUser } from '@cm/contract';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call } from '../../../test/app.js';
import { createUser, signIn, type TestUser } from '../../../test/factories.js';
import { png } from '../../../test/images.js';
import { queryRows } from '../../db/client.js';
import { auditLog, users } from '../../db/schema/index.js';

const app = await buildTestApp();

const MAX_BYTES = 2 * 1024 * 1024;

let user: TestUser;
let session: LoginResponse;
beforeAll(async () => {
  user = await createUser(app, { role: 'worker', departments: ['Avatar Stock'] });
  session = await signIn(app, user);
});

function upload(body: Buffer | string, contentType: string, token: string | undefined = session.accessToken) {
  return app.inject({
    method: 'POST',
    url: '/api/profile/avatar',
    headers: { 'content-type': contentType, ...(token && { authorization: `Bearer ${token}` }) },
    payload: body,
  });
}

/** A picture of one colour, encoded by libvips as the given type. */
function picture(format: 'png' | 'jpeg' | 'gif' | 'avif', width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 40 } } })
    .toFormat(format)
    .toBuffer();
}

async function served(avatar: string) {
  const response = await app.inject({ method: 'GET', url: avatar });
  expect(response.statusCode).toBe(200);
  return { response, metadata: await sharp(response.rawPayload).metadata() };
}

async function storedAvatar(): Promise<string | null> {
  const [row] = await app.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, user.id));
  return row?.avatar ?? null;
}

async function imageCount(): Promise<number> {
  const [row] = await queryRows<{ count: number }>(app.db, sql`select count(*)::int as count from images`);
  return row?.count ?? 0;
}

describe('POST /api/profile/avatar', () => {
  it('reads a PNG sent as a GIF as the PNG it is, and keeps it square, at most 256 pixels, as WebP', async () => {
    const response = await upload(await picture('png', 600, 400), 'image/gif');
    expect(response.statusCode, response.body).toBe(200);
    const { avatar } = response.json<SignedInUser>();
    expect(avatar).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/);
    expect(await storedAvatar()).toBe(avatar);
    const { response: image, metadata } = await served(avatar);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(metadata).toMatchObject({ format: 'webp', width: 256, height: 256 });
    const { dominant } = await sharp(image.rawPayload).stats();
    expect(dominant.r).toBeGreaterThan(150);
    const me = await call(app, 'GET', '/api/auth/me', { token: session.accessToken });
    expect(me.json<SignedInUser>().avatar).toBe(avatar);
  });

  it.each(['jpeg', 'gif', 'avif'] as const)('accepts a %s, never enlarging a small one', async (format) => {
    const response = await upload(await picture(format, 64, 48), 'application/octet-stream');
    expect(response.statusCode, response.body).toBe(200);
    const { metadata } = await served(response.json<SignedInUser>().avatar);
    expect(metadata).toMatchObject({ format: 'webp', width: 48, height: 48 });
  });

  it('writes none of the original metadata: EXIF, XMP, ICC and text chunks are gone', async () => {
    const withExif = await sharp(await picture('jpeg', 320, 320))
      .withExif({ IFD0: { Artist: 'Secret Photographer', Copyright: 'GPS 55.75N 37.61E' } })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF>Secret XMP note</rdf:RDF></x:xmpmeta>')
      .withIccProfile('p3')
      .jpeg()
      .toBuffer();
    const original = await sharp(withExif).metadata();
    expect(original.exif).toBeDefined();
    expect(original.icc).toBeDefined();
    expect(withExif.includes('Secret Photographer')).toBe(true);

    const response = await upload(withExif, 'image/jpeg');
    expect(response.statusCode, response.body).toBe(200);
    const { response: image, metadata } = await served(response.json<SignedInUser>().avatar);
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    for (const secret of ['Secret Photographer', 'GPS 55.75N', 'Secret XMP', 'Exif']) {
      expect(image.rawPayload.includes(secret), secret).toBe(false);
    }

    const commented = pngWithText(await picture('png', 32, 32), 'Comment', 'Secret PNG comment');
    const second = await upload(commented, 'image/png');
    expect(second.statusCode, second.body).toBe(200);
    const { response: secondImage } = await served(second.json<SignedInUser>().avatar);
    expect(secondImage.rawPayload.includes('Secret PNG comment')).toBe(false);
  });

  it('turns a photo upright by its EXIF orientation before cropping', async () => {
    const sideways = await sharp(await picture('jpeg', 300, 100))
      .withExif({ IFD0: { Orientation: '6' } })
      .jpeg()
      .toBuffer();
    const response = await upload(sideways, 'image/jpeg');
    expect(response.statusCode, response.body).toBe(200);
    const { metadata } = await served(response.json<SignedInUser>().avatar);
    expect(metadata).toMatchObject({ width: 100, height: 100 });
    expect(metadata.orientation).toBeUndefined();
  });

  it('accepts exactly 2 MiB and refuses one byte more with 413, changing nothing', async () => {
    const accepted = await upload(await pngOfExactly(MAX_BYTES), 'image/png');
    expect(accepted.statusCode, accepted.body).toBe(200);
    const avatar = await storedAvatar();
    const images = await imageCount();
    const refused = await upload(await pngOfExactly(MAX_BYTES + 1), 'image/png');
    expect(refused.statusCode).toBe(413);
    expect(refused.json().code).toBe('PAYLOAD_TOO_LARGE');
    expect(await storedAvatar()).toBe(avatar);
    expect(await imageCount()).toBe(images);
  });

  it.each([
    ['a text file sent as a PNG', 'just some text, not a picture', 'image/png'],
    ['an SVG', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml'],
    ['an HTML page sent as a GIF', '<!doctype html><script>alert(1)</script>', 'image/gif'],
    ['a BMP', Buffer.concat([Buffer.from('BM', 'latin1'), Buffer.alloc(40)]), 'image/bmp'],
    ['an empty body', Buffer.alloc(0), 'image/png'],
  ])('refuses %s with 415 IMAGE_TYPE_NOT_ALLOWED, changing nothing', async (_what, body, type) => {
    const avatar = await storedAvatar();
    const images = await imageCount();
    const response = await upload(body, type);
    expect(response.statusCode, response.body).toBe(415);
    expect(response.json().code).toBe('IMAGE_TYPE_NOT_ALLOWED');
    expect(await storedAvatar()).toBe(avatar);
    expect(await imageCount()).toBe(images);
  });

  it.each([
    ['a truncated PNG', png(4, 4).subarray(0, 40), 'IMAGE_UNREADABLE'],
    [
      'a PNG whose checked chunks hold no image data',
      pngWithData(40, 40, Buffer.from('not deflate data')),
      'IMAGE_UNREADABLE',
    ],
    [
      'a PNG whose image data stops short',
      pngWithData(400, 400, deflateSync(Buffer.alloc(401 * 3))),
      'IMAGE_UNREADABLE',
    ],
    ['a GIF with its frame lying outside its screen', brokenGif(), 'IMAGE_UNREADABLE'],
  ])('refuses %s with 422 %s, changing nothing', async (_what, body, code) => {
    const avatar = await storedAvatar();
    const images = await imageCount();
    const response = await upload(body, 'image/png');
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().code).toBe(code);
    expect(await storedAvatar()).toBe(avatar);
    expect(await imageCount()).toBe(images);
  });

  it('refuses a small PNG declaring 30 000 × 30 000 pixels at once, without decoding it', async () => {
    const bomb = png(30_000, 30_000, 30_000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const response = await upload(bomb, 'image/png');
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().code).toBe('IMAGE_TOO_LARGE');
    expect(performance.now() - started).toBeLessThan(5_000);
    // Decoded, it would take 900 MB (2.7 GB in colour); the refusal costs a worker's start-up.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(150 * 1024 * 1024);
  });

  it('shrinks a large picture within the limits without holding it whole', async () => {
    const large = await picture('png', 8_000, 5_000);
    const rssBefore = process.memoryUsage().rss;
    const response = await upload(large, 'image/png');
    expect(response.statusCode, response.body).toBe(200);
    const { metadata } = await served(response.json<SignedInUser>().avatar);
    expect(metadata).toMatchObject({ width: 256, height: 256 });
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(150 * 1024 * 1024);
  });

  it('replaces the uploaded avatar it follows, deleting that image, and audits before and after', async () => {
    const first = (await upload(await picture('png', 50, 50), 'image/png')).json<SignedInUser>().avatar;
    const second = (await upload(await picture('png', 60, 60), 'image/png')).json<SignedInUser>().avatar;
    expect(second).not.toBe(first);
    expect((await app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, user.id), eq(auditLog.action, 'profile.avatar-changed')))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(entry).toMatchObject({ actorUserId: user.id, details: { before: first, after: second } });
  });

  it('answers 401 without a token', async () => {
    const response = await upload(await picture('png', 8, 8), 'image/png', '');
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT and DELETE /api/profile/avatar', () => {
  it('chooses a bundled avatar, deleting the uploaded one it replaces, and audits it', async () => {
    const uploaded = (await upload(await picture('png', 50, 50), 'image/png')).json<SignedInUser>().avatar;
    const response = await call(app, 'PUT', '/api/profile/avatar', {
      token: session.accessToken,
      body: { avatar: '/avatars/fox.svg' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SignedInUser>().avatar).toBe('/avatars/fox.svg');
    expect(await storedAvatar()).toBe('/avatars/fox.svg');
    expect((await app.inject({ method: 'GET', url: uploaded })).statusCode).toBe(404);
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, user.id), eq(auditLog.action, 'profile.avatar-changed')))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(entry?.details).toEqual({ before: uploaded, after: '/avatars/fox.svg' });
  });

  it('goes back to the default with DELETE, and choosing the default stores none', async () => {
    const removed = await call(app, 'DELETE', '/api/profile/avatar', { token: session.accessToken });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<SignedInUser>().avatar).toBe(DEFAULT_AVATAR_PATH);
    expect(await storedAvatar()).toBeNull();
    await call(app, 'PUT', '/api/profile/avatar', { token: session.accessToken, body: { avatar: '/avatars/owl.svg' } });
    const chosen = await call(app, 'PUT', '/api/profile/avatar', {
      token: session.accessToken,
      body: { avatar: DEFAULT_AVATAR_PATH },
    });
    expect(chosen.json<SignedInUser>().avatar).toBe(DEFAULT_AVATAR_PATH);
    expect(await storedAvatar()).toBeNull();
  });

  it('audits nothing when the avatar stays as it is', async () => {
    await call(app, 'PUT', '/api/profile/avatar', { token: session.accessToken, body: { avatar: '/avatars/cat.svg' } });
    const count = async () =>
      (
        await app.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.subjectUserId, user.id), eq(auditLog.action, 'profile.avatar-changed')))
      ).length;
    const before = await count();
    await call(app, 'PUT', '/api/profile/avatar', { token: session.accessToken, body: { avatar: '/avatars/cat.svg' } });
    expect(await count()).toBe(before);
  });

  it('refuses anything but a bundled avatar with 400, changing nothing', async () => {
    await call(app, 'PUT', '/api/profile/avatar', {
      token: session.accessToken,
      body: { avatar: '/avatars/bear.svg' },
    });
    const otherUpload = await createUser(app, { departments: ['Avatar Stock'] });
    const theirs = await signIn(app, otherUpload);
    const foreign = (await upload(await picture('png', 20, 20), 'image/png', theirs.accessToken)).json<SignedInUser>();
    for (const body of [
      { avatar: foreign.avatar },
      { avatar: '/avatars/../index.html' },
      { avatar: 'https://evil.example/avatar.svg' },
      { avatar: 'javascript:alert(1)' },
      { avatar: '/avatars/unknown.svg' },
      { avatar: null },
      { avatar: '/avatars/fox.svg', userId: otherUpload.id },
      {},
      [],
    ]) {
      const response = await call(app, 'PUT', '/api/profile/avatar', { token: session.accessToken, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    const asText = await app.inject({
      method: 'PUT',
      url: '/api/profile/avatar',
      headers: { authorization: `Bearer ${session.accessToken}`, 'content-type': 'text/plain' },
      payload: '/avatars/fox.svg',
    });
    expect(asText.statusCode).toBe(415);
    expect(await storedAvatar()).toBe('/avatars/bear.svg');
    expect((await app.inject({ method: 'GET', url: foreign.avatar })).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    expect((await call(app, 'PUT', '/api/profile/avatar', { body: { avatar: '/avatars/fox.svg' } })).statusCode).toBe(
      401,
    );
    expect((await call(app, 'DELETE', '/api/profile/avatar')).statusCode).toBe(401);
  });
});

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, checksum]);
}

/** A PNG of the given size whose IDAT holds `data` (with valid chunk checksums, whatever the data). */
function pngWithData(width: number, height: number, data: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', data),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A valid PNG grown to exactly `bytes` with a text chunk a decoder skips. */
async function pngOfExactly(bytes: number): Promise<Buffer> {
  const image = await picture('png', 16, 16);
  const overhead = pngWithText(image, 'Comment', '').length;
  return pngWithText(image, 'Comment', ' '.repeat(bytes - overhead));
}

/** A PNG with a text chunk added before its image data. */
function pngWithText(image: Buffer, keyword: string, text: string): Buffer {
  const headerEnd = 8 + 25; // signature, then IHDR
  const chunk = pngChunk('tEXt', Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0]), Buffer.from(text)]));
  return Buffer.concat([image.subarray(0, headerEnd), chunk, image.subarray(headerEnd)]);
}

/** A 1 × 1 GIF screen holding a frame 2 pixels wide. */
function brokenGif(): Buffer {
  const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
  const frame = gif.indexOf(0x2c);
  gif.writeUInt16LE(2, frame + 5);
  return gif;
}
