import type { Locale } from '@cm/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { type UpsertUserInput, upsertUser } from '../modules/users/service.js';
import { seedDemoCatalogue } from './catalogue/seed.js';
import { ENGLISH } from './language.js';
import { RUSSIAN } from './russian.js';
import { seedDemoSales } from './sales/seed.js';
import { DEMO_SALES_MANAGERS } from './sales/team.js';

/** Published in the README: demo data is for trying the product, never for production. */
export const DEMO_PASSWORD = 'demo-password';

const DEMO_DEPARTMENTS = ['Moscow Sales', 'Online Sales', 'Central Warehouse'];

const DEMO_USERS: Omit<UpsertUserInput, 'password'>[] = [
  { email: 'admin@example.com', name: 'Alexandra Ivanova', role: 'administrator', departments: DEMO_DEPARTMENTS },
  {
    email: 'manager@example.com',
    name: 'Maxim Petrov',
    role: 'manager',
    departments: ['Moscow Sales', 'Online Sales'],
    amoId: 1001,
    managementType: 'offline',
  },
  { email: 'worker@example.com', name: 'Olga Smirnova', role: 'worker', departments: ['Central Warehouse'] },
];

/** Any constant shared by all instances: two starting at once must not both seed. */
const SEED_LOCK_KEY = 7_311_240_518;

function required(ids: Map<string, string>, email: string): string {
  const id = ids.get(email);
  if (!id) throw new Error(`demo user ${email} was not created`);
  return id;
}

/**
 * Fills an empty database with demo departments, one user per role, a sales team, the demo stock area
 * (catalogue, locations, ~90 days of movements) and the demo sales area (a year of leads, activity and
 * plans), in English or Russian. Returns the accounts of the three roles, or null when the database already
 * had users (then nothing is touched).
 */
export async function seedDemoData(db: Database, timeZone: string, locale: Locale = 'en') {
  const language = locale === 'ru' ? RUSSIAN : ENGLISH;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [{ count } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(users);
    if (count > 0) return null;
    const ids = new Map<string, string>();
    for (const user of [...DEMO_USERS, ...DEMO_SALES_MANAGERS]) {
      const shown = {
        ...user,
        name: user.name === undefined ? undefined : language.person(user.name),
        departments: user.departments?.map((department) => language.text(department)),
      };
      ids.set(user.email, (await upsertUser(tx, { ...shown, password: DEMO_PASSWORD })).id);
    }
    await seedDemoCatalogue(
      tx,
      { adminId: required(ids, 'admin@example.com'), workerId: required(ids, 'worker@example.com') },
      language,
    );
    await seedDemoSales(tx, { adminId: required(ids, 'admin@example.com'), timeZone }, language);
    return { password: DEMO_PASSWORD, users: DEMO_USERS.map(({ email, role }) => ({ email, role })) };
  });
}
