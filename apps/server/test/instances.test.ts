import type { ActivityImportPreview, ImportPreview, Leaderboard, StockList } from '@cm/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { salesSettings } from '../src/modules/sales-sync/settings.js';
import { upsertUser } from '../src/modules/users/service.js';
import { buildTestApp, call, secondInstance } from './app.js';
import { createUser, signIn } from './factories.js';
import { closedLead, midMonth, storeLeads } from './sales-fixtures.js';
import { createComponent, createLocation, department, posted, receipt } from './stock-fixtures.js';

// Two instances on one database, as behind a load balancer: whatever one of them is told, the other acts on at its
// next request (issue #30). Each check writes through one and reads through the other.
const a = await buildTestApp();
const b = await secondInstance(a);

const me = (server: FastifyInstance, token: string) => call(server, 'GET', '/api/auth/me', { token });
const refresh = (server: FastifyInstance, refreshToken: string) =>
  call(server, 'POST', '/api/auth/refresh', { body: { refreshToken } });

describe('sessions', () => {
  it('signed in on one instance, the access token works on the other and the refresh token refreshes there', async () => {
    const session = await signIn(a, await createUser(a));
    expect((await me(b, session.accessToken)).statusCode).toBe(200);
    const refreshed = await refresh(b, session.refreshToken);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect((await me(a, refreshed.json().accessToken)).statusCode).toBe(200);
  });

  it('signed out on one instance, the session ends on the other at its next request', async () => {
    const session = await signIn(a, await createUser(a));
    expect((await me(b, session.accessToken)).statusCode).toBe(200);
    const signedOut = await call(a, 'POST', '/api/auth/logout', { body: { refreshToken: session.refreshToken } });
    expect(signedOut.statusCode).toBe(204);
    expect((await me(b, session.accessToken)).statusCode).toBe(401);
    expect((await refresh(b, session.refreshToken)).statusCode).toBe(401);
  });

  it('a user deactivated on one instance is signed out on the other at its next request', async () => {
    const administrator = await signIn(a, await createUser(a, { role: 'administrator' }));
    const leaving = await createUser(a);
    const session = await signIn(b, leaving);
    expect((await me(b, session.accessToken)).statusCode).toBe(200);
    const deactivated = await call(a, 'POST', `/api/users/${leaving.id}/deactivate`, {
      token: administrator.accessToken,
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect((await me(b, session.accessToken)).statusCode).toBe(401);
    expect((await refresh(b, session.refreshToken)).statusCode).toBe(401);
  });
});

describe('sign-in throttling', () => {
  it('counts failed sign-ins made on either instance together', async () => {
    const user = await createUser(a);
    const attempt = (server: FastifyInstance, password: string) =>
      call(server, 'POST', '/api/auth/login', { body: { email: user.email, password }, remoteAddress: '10.30.0.1' });
    // The account's limit is five failures from one address; they are spread over both instances.
    const failures = [];
    for (const server of [a, b, a, b, a]) failures.push((await attempt(server, 'a wrong password')).statusCode);
    expect(failures).toEqual([401, 401, 401, 401, 401]);
    for (const server of [b, a]) {
      const locked = await attempt(server, user.password);
      expect([locked.statusCode, locked.json().code]).toEqual([429, 'TOO_MANY_SIGN_IN_ATTEMPTS']);
    }
  });
});

describe('kept answers', () => {
  it('a stock page kept by one instance shows a movement posted through the other', async () => {
    const people = await department(a);
    const location = await createLocation(a, people.admin, 'Shared shelf');
    const component = await createComponent(a, people.admin);
    const quantityOnA = async () => {
      const response = await call(a, 'GET', `/api/stock?q=${component.sku}`, { token: people.worker });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<StockList>().items.map((row) => row.quantity);
    };
    await posted(a, people.worker, receipt(component.id, location.id, '5'));
    expect(await quantityOnA()).toEqual(['5']);
    await posted(b, people.worker, receipt(component.id, location.id, '2'));
    expect(await quantityOnA()).toEqual(['7']);
  });

  describe('a leaderboard kept by one instance', () => {
    const DEPARTMENT = 'Two Instances';
    const MARCH = '?from=2025-03-01&to=2025-03-31';
    let admin: string;
    let annId: string;

    async function annOnA() {
      const response = await call(a, 'GET', `/api/sales/leaderboard${MARCH}`, { token: admin });
      expect(response.statusCode, response.body).toBe(200);
      const found = response.json<Leaderboard>().rows.find((row) => row.userId === annId);
      if (!found) throw new Error('Ann is not on the board');
      return found;
    }

    beforeAll(async () => {
      await salesSettings(a.db, 'UTC');
      annId = (
        await upsertUser(a.db, {
          email: 'instances-7101@example.com',
          name: 'Ann',
          password: 'long-enough-password',
          role: 'manager',
          amoId: 7101,
          managementType: 'offline',
          departments: [DEPARTMENT],
        })
      ).id;
      admin = (await signIn(a, await createUser(a, { role: 'administrator', departments: [DEPARTMENT] }))).accessToken;
      await storeLeads(a, [
        closedLead({ amoId: 71_001, responsible: 7101, budgetMinor: 100_000, closedAt: midMonth('2025-03') }),
      ]);
    });

    it('shows a plan set through the other', async () => {
      expect((await annOnA()).planMinor).toBeNull();
      const saved = await call(b, 'PUT', '/api/sales/plans', {
        token: admin,
        body: { items: [{ userId: annId, month: '2025-03', amountMinor: 200_000 }] },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await annOnA()).planMinor).toBe(200_000);
    });

    it('shows a lead won through the other', async () => {
      expect((await annOnA()).revenueMinor).toBe(100_000);
      await storeLeads(b, [
        closedLead({ amoId: 71_002, responsible: 7101, budgetMinor: 50_000, closedAt: midMonth('2025-03') }),
      ]);
      expect((await annOnA()).revenueMinor).toBe(150_000);
    });
  });
});

describe('pending imports', () => {
  it('a components file previewed on one instance is committed through the other', async () => {
    const people = await department(a);
    const sku = `SHARED-${people.adminId.slice(0, 8)}`;
    const preview = await a.inject({
      method: 'POST',
      url: '/api/imports/components/preview',
      headers: { authorization: `Bearer ${people.admin}`, 'content-type': 'text/csv' },
      payload: `SKU,Name,Unit\n${sku},Previewed on one instance,pcs`,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const { importId, errors } = preview.json<ImportPreview>();
    expect(errors).toEqual([]);
    const committed = await call(b, 'POST', `/api/imports/${importId}/commit`, { token: people.admin });
    expect(committed.statusCode, committed.body).toBe(200);
    expect(committed.json()).toMatchObject({ createdComponents: 1 });
    const [stored] = await queryRows<{ name: string }>(a.db, sql`select name from components where sku = ${sku}`);
    expect(stored?.name).toBe('Previewed on one instance');
  });

  it('a sales activity file previewed on one instance is committed through the other', async () => {
    const administrator = await signIn(a, await createUser(a, { role: 'administrator' }));
    const preview = await a.inject({
      method: 'POST',
      url: '/api/sales/imports/activity/preview',
      headers: { authorization: `Bearer ${administrator.accessToken}`, 'content-type': 'text/csv' },
      payload: 'Date,Manager AMO ID,Call minutes,Calls,Messages\r\n2025-04-02,7102,10,2,3',
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const { importId, errors } = preview.json<ActivityImportPreview>();
    expect(errors).toEqual([]);
    const committed = await call(b, 'POST', `/api/sales/imports/${importId}/commit`, {
      token: administrator.accessToken,
    });
    expect(committed.statusCode, committed.body).toBe(200);
    expect(committed.json()).toEqual({ kind: 'activity', createdDays: 1, replacedDays: 0 });
  });
});
