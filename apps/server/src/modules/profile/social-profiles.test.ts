import type { ColleagueList, LoginResponse, SignedInUser } from '@cm/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call } from '../../../test/app.js';
import { createUser, signIn, type TestUser } from '../../../test/factories.js';
import { auditLog, users } from '../../db/schema/index.js';

const app = await buildTestApp();

const NONE = { telegram: null, whatsapp: null, vk: null, linkedin: null };

describe('social profiles in PATCH /api/profile', () => {
  let user: TestUser;
  let session: LoginResponse;
  beforeAll(async () => {
    user = await createUser(app, { role: 'worker', departments: ['Social Stock'] });
    session = await signIn(app, user);
  });

  const save = (socialProfiles: unknown) =>
    call(app, 'PATCH', '/api/profile', { token: session.accessToken, body: { socialProfiles } });

  it('starts with none, as login and /auth/me say', async () => {
    expect(session.user.socialProfiles).toEqual(NONE);
    const me = await call(app, 'GET', '/api/auth/me', { token: session.accessToken });
    expect(me.json<SignedInUser>().socialProfiles).toEqual(NONE);
  });

  it.each([
    ['telegram', '@Durov_Team', 'durov_team'],
    ['telegram', 'https://t.me/durov_team/', 'durov_team'],
    ['telegram', 't.me/Durov_Team?start=1', 'durov_team'],
    ['telegram', 'telegram.me/durov_team', 'durov_team'],
    ['whatsapp', '+7 (912) 345-67-89', '+79123456789'],
    ['whatsapp', 'https://wa.me/4915112345678', '+4915112345678'],
    ['vk', 'https://vk.com/Durov', 'durov'],
    ['vk', 'vk.com/id1', 'id1'],
    ['vk', 'm.vk.com/pavel.durov', 'pavel.durov'],
    ['vk', 'some_name', 'some_name'],
    ['linkedin', 'https://www.linkedin.com/in/Jane-Doe-123/', 'jane-doe-123'],
    ['linkedin', 'ru.linkedin.com/in/ivan-petrov', 'ivan-petrov'],
    ['linkedin', 'jane-doe', 'jane-doe'],
  ])('reads %s %j as %j', async (network, typed, canonical) => {
    const response = await save({ [network]: typed });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SignedInUser>().socialProfiles).toEqual({ ...NONE, [network]: canonical });
  });

  it.each([
    ['telegram', 'abc'],
    ['telegram', '@1durov'],
    ['telegram', 'durov_'],
    ['telegram', 'https://t.me/durov/123'],
    ['telegram', 'https://example.com/durov'],
    ['telegram', '@дуров_тим'],
    ['whatsapp', '8 912 345-67-89'],
    ['whatsapp', '+0123456789'],
    ['whatsapp', '+7 912'],
    ['whatsapp', '+7912345678901234'],
    ['whatsapp', 'call me'],
    ['vk', 'vk.com/'],
    ['vk', 'id0'],
    ['vk', 'https://facebook.com/durov'],
    ['vk', 'du'],
    ['linkedin', 'https://www.linkedin.com/company/acme'],
    ['linkedin', 'https://www.linkedin.com/in/'],
    ['linkedin', 'javascript:alert(1)'],
    ['linkedin', 'x'],
    ['linkedin', 'a'.repeat(201)],
  ])('refuses %s %j with 400 at its field, changing nothing', async (network, typed) => {
    await save({ telegram: 'kept_name' });
    const response = await save({ [network]: typed, telegram: network === 'telegram' ? typed : 'other_name' });
    expect(response.statusCode, response.body).toBe(400);
    const problem = response.json();
    expect(problem.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(problem.errors)).toContain(network);
    const [row] = await app.db.select({ profiles: users.socialProfiles }).from(users).where(eq(users.id, user.id));
    expect(row?.profiles).toEqual({ telegram: 'kept_name' });
  });

  it('replaces the whole set: a network left out or empty is removed, and the change is audited', async () => {
    await save({});
    const first = await save({ telegram: '@anna_p', whatsapp: '+44 20 7946 0958', vk: '', linkedin: null });
    expect(first.json<SignedInUser>().socialProfiles).toEqual({
      ...NONE,
      telegram: 'anna_p',
      whatsapp: '+442079460958',
    });
    const second = await save({ vk: 'vk.com/anna.p' });
    expect(second.json<SignedInUser>().socialProfiles).toEqual({ ...NONE, vk: 'anna.p' });
    const [row] = await app.db.select({ profiles: users.socialProfiles }).from(users).where(eq(users.id, user.id));
    expect(row?.profiles).toEqual({ vk: 'anna.p' });

    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, user.id), eq(auditLog.action, 'profile.social-profiles-changed')))
      .orderBy(auditLog.id);
    expect(audit.at(-1)).toMatchObject({
      actorUserId: user.id,
      details: {
        before: { ...NONE, telegram: 'anna_p', whatsapp: '+442079460958' },
        after: { ...NONE, vk: 'anna.p' },
      },
    });
  });

  it('audits nothing when the same profiles are saved again, however typed', async () => {
    await save({ vk: 'anna.p' });
    const count = async () =>
      (
        await app.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.subjectUserId, user.id), eq(auditLog.action, 'profile.social-profiles-changed')))
      ).length;
    const before = await count();
    const response = await save({ vk: 'https://VK.com/Anna.P' });
    expect(response.statusCode).toBe(200);
    expect(await count()).toBe(before);
  });

  it('answers bad bodies with 400, never 500', async () => {
    for (const socialProfiles of [
      'telegram',
      ['durov'],
      { facebook: 'durov' },
      { telegram: 42 },
      { telegram: { value: 'durov' } },
      null,
    ]) {
      const response = await save(socialProfiles);
      expect(response.statusCode, JSON.stringify(socialProfiles)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('shows colleagues each other’s profiles, in canonical form', async () => {
    const colleague = await createUser(app, { role: 'manager', departments: ['Social Stock'] });
    const theirs = await signIn(app, colleague);
    await call(app, 'PATCH', '/api/profile', {
      token: theirs.accessToken,
      body: { socialProfiles: { telegram: 't.me/Colleague_One', linkedin: 'linkedin.com/in/colleague-one' } },
    });
    const list = await call(app, 'GET', '/api/profile/colleagues', { token: session.accessToken });
    const shown = list.json<ColleagueList>().items.find((item) => item.id === colleague.id);
    expect(shown?.socialProfiles).toEqual({ ...NONE, telegram: 'colleague_one', linkedin: 'colleague-one' });
  });

  it('ignores whatever else a stored value holds: only known networks in canonical form are shown', async () => {
    await app.db
      .update(users)
      .set({ socialProfiles: { telegram: 'NOT CANONICAL', facebook: 'someone', vk: 'id42' } })
      .where(eq(users.id, user.id));
    const me = await call(app, 'GET', '/api/auth/me', { token: session.accessToken });
    expect(me.json<SignedInUser>().socialProfiles).toEqual({ ...NONE, vk: 'id42' });
  });
});
