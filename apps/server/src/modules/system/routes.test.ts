import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildTestApp, call } from '../../../test/app.js';
import { createUser, signIn } from '../../../test/factories.js';
import { readCommittedOpenapi, renderOpenapi } from '../../openapi-document.js';
import { currentDepartment, inDepartment, PUBLIC, requireRole, SIGNED_IN } from '../../plugins/auth.js';

const webDist = mkdtempSync(path.join(tmpdir(), 'cm-web-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>shell</title>');
// A built asset with the compressed copies the build writes beside it (apps/web/vite.config.ts).
const SCRIPT = `export const words = ${JSON.stringify('compress me '.repeat(500))};`;
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), SCRIPT);
writeFileSync(path.join(webDist, 'assets', 'app-1234.js.br'), brotliCompressSync(SCRIPT));
writeFileSync(path.join(webDist, 'assets', 'app-1234.js.gz'), gzipSync(SCRIPT));
const app = await buildTestApp({
  WEB_DIST_DIR: webDist,
  APP_NAME: 'Parts Desk',
  APP_BRAND: 'Acme',
  TIME_ZONE: 'Asia/Yekaterinburg',
});
// Without the test-only routes below, to compare with the committed document.
const contractApp = await buildTestApp();

// Registered before the app is ready: one route forgets its access rule, one declares it.
app.get('/api/test/undeclared', async () => ({ secret: true }));
app.get('/api/test/admins', { config: { access: requireRole('administrator') } }, async () => ({ ok: true }));
app.get('/api/test/public', { config: { access: PUBLIC } }, async () => ({ ok: true }));
app.get('/api/test/department', { config: { access: inDepartment(SIGNED_IN) } }, async (request) => ({
  department: currentDepartment(request),
}));

describe('system endpoints', () => {
  it('GET /api/health reports the database engine', async () => {
    const response = await call(app, 'GET', '/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: app.databaseKind });
  });

  it('GET /api/health fails once the instance is shutting down, while everything else is still served', async () => {
    app.lifecycle.draining = true;
    try {
      const health = await call(app, 'GET', '/api/health');
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', detail: 'The server is shutting down.' });
      expect((await call(app, 'GET', '/api/app-info')).statusCode).toBe(200);
    } finally {
      app.lifecycle.draining = false;
    }
  });

  it('GET /api/app-info reports name, brand, the package version and the organisation currency and time zone', async () => {
    expect((await call(app, 'GET', '/api/app-info')).json()).toEqual({
      name: 'Parts Desk',
      brand: 'Acme',
      version: '1.0.0',
      currency: 'RUB',
      timeZone: 'Asia/Yekaterinburg',
    });
    const admin = (await signIn(app, await createUser(app, { role: 'administrator' }))).accessToken;
    const saved = await call(app, 'PUT', '/api/sales/settings', {
      token: admin,
      body: { subdomain: null, timeZone: 'Europe/Berlin', currency: 'eur' },
    });
    expect(saved.statusCode).toBe(200);
    expect((await call(app, 'GET', '/api/app-info')).json()).toMatchObject({
      currency: 'EUR',
      timeZone: 'Europe/Berlin',
    });
  });

  it('serves the OpenAPI document and a browsable reference', async () => {
    const document = (await call(app, 'GET', '/api/openapi.json')).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/refresh', '/api/auth/department/switch']),
    );
    const docs = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('access declarations', () => {
  it('refuses a route that declares no access rule, even to an administrator', async () => {
    const admin = await signIn(app, await createUser(app, { role: 'administrator' }));
    for (const token of [undefined, admin.accessToken]) {
      const response = await call(app, 'GET', '/api/test/undeclared', token ? { token } : {});
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain('secret');
    }
  });

  it('enforces requireRole and lets public routes through', async () => {
    const worker = await signIn(app, await createUser(app, { role: 'worker' }));
    const admin = await signIn(app, await createUser(app, { role: 'administrator' }));
    const refused = await call(app, 'GET', '/api/test/admins', { token: worker.accessToken });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'FORBIDDEN']);
    expect((await call(app, 'GET', '/api/test/admins', { token: admin.accessToken })).statusCode).toBe(200);
    expect((await call(app, 'GET', '/api/test/admins')).statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/test/public')).statusCode).toBe(200);
  });
});

describe('department scope', () => {
  it("hands department-scoped routes the caller's current department, and refuses callers without one", async () => {
    const member = await signIn(app, await createUser(app, { departments: ['Scope Test'] }));
    const response = await call(app, 'GET', '/api/test/department', { token: member.accessToken });
    expect(response.json()).toEqual({ department: member.user.currentDepartment?.id });

    const homeless = await signIn(app, await createUser(app, { departments: [] }));
    expect(homeless.user.currentDepartment).toBeNull();
    const refused = await call(app, 'GET', '/api/test/department', { token: homeless.accessToken });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'NO_CURRENT_DEPARTMENT']);
  });
});

describe('web app and unknown paths', () => {
  it('answers unknown /api paths with a JSON 404 problem, signed in or not', async () => {
    const response = await call(app, 'GET', '/api/no-such-thing');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json().code).toBe('NOT_FOUND');
    expect((await call(app, 'POST', '/api/auth/no-such-thing', { body: {} })).statusCode).toBe(404);
  });

  it('falls back to index.html for client routes, with a strict Content-Security-Policy', async () => {
    const response = await call(app, 'GET', '/transactions?type=issue');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>shell</title>');
    const policy = response.headers['content-security-policy'];
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a missing asset or file with 404, never with the app page', async () => {
    for (const url of ['/assets/index-gone.js', '/assets/style.css?v=1', '/favicon-old.ico', '/components/x.map']) {
      const response = await call(app, 'GET', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('<title>shell</title>');
    }
    expect((await call(app, 'GET', '/components/new')).statusCode).toBe(200);
  });

  it("titles a problem after the status it is answered with, a refused path's 403 included", async () => {
    // The static file server refuses a path that climbs out of its root.
    const refused = await call(app, 'GET', '/assets/..%5c..%5cetc%5cpasswd');
    expect(refused.json()).toMatchObject({ status: 403, title: 'Forbidden', code: 'FORBIDDEN' });
    const forbidden = await call(app, 'GET', '/api/test/admins', {
      token: (await signIn(app, await createUser(app, { role: 'worker' }))).accessToken,
    });
    expect(forbidden.json()).toMatchObject({ status: 403, title: 'Forbidden', code: 'FORBIDDEN' });
  });

  it('sends built files as compressed at build time, by what the browser accepts, with Vary', async () => {
    const asked = (encoding?: string) =>
      app.inject({
        method: 'GET',
        url: '/assets/app-1234.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const brotli = await asked('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);
    const gzip = await asked('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    const plain = await asked();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('compresses API answers above a kilobyte on the fly, exports while they stream, and leaves small ones', async () => {
    const token = (await signIn(app, await createUser(app, { role: 'administrator' }))).accessToken;
    const big = await app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString()).openapi).toBe('3.1.0');
    const small = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    const exported = await app.inject({
      method: 'GET',
      url: '/api/components/export?format=csv',
      headers: { 'accept-encoding': 'gzip', authorization: `Bearer ${token}` },
    });
    expect(exported.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(exported.rawPayload).toString()).toMatch(/^\uFEFFSKU,Name/);
  });

  it('marks API answers as not cacheable', async () => {
    expect((await call(app, 'GET', '/api/health')).headers['cache-control']).toBe('no-store');
  });
});

describe('committed OpenAPI document', () => {
  it('matches the routes (run `npm run openapi` after changing the API)', async () => {
    expect(JSON.parse(await renderOpenapi(contractApp))).toEqual(JSON.parse(readCommittedOpenapi()));
  });
});
