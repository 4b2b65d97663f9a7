import type { ComponentList, LoginResponse } from '@cm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, call } from '../../test/app.js';
import { createTestDatabase } from '../../test/database.js';
import { type Executor, queryRows } from '../db/client.js';
import { decimalCommas, RUSSIAN } from './russian.js';
import { DEMO_PASSWORD, seedDemoData } from './seed.js';

describe('the Russian demo texts', () => {
  it('write numbers with a decimal comma, but leave codes, alloys, threads and the USB version alone', () => {
    expect(RUSSIAN.part('Resistor 4.7 kΩ 1 % 0603')).toBe('Резистор 4,7 кОм 1 % 0603');
    expect(RUSSIAN.part('Power inductor 2.2 µH 5.0 A shielded 7.3 × 7.3 mm')).toBe(
      'Дроссель силовой 2,2 мкГн 5,0 А экранированный 7,3 × 7,3 мм',
    );
    expect(RUSSIAN.part('ESD protection for USB 2.0, 2 lines')).toBe('Защита от ESD для USB 2.0, 2 линии');
    expect(RUSSIAN.part('USB power switch 0.5 A, current limited')).toBe(
      'Ключ питания USB, 0,5 А, с ограничением тока',
    );
    expect(RUSSIAN.part('Hex nut M2.5, stainless A2')).toBe('Гайка шестигранная M2.5, нержавеющая сталь A2');
    expect(RUSSIAN.part('30.5 m spool')).toBe('Катушка 30,5 м');
    expect(RUSSIAN.value('-3.7')).toBe('-3,7');
    expect(RUSSIAN.value('1.25–37')).toBe('1,25–37');
    expect(RUSSIAN.value('Sn96.5Ag3Cu0.5')).toBe('Sn96.5Ag3Cu0.5');
    expect(decimalCommas('SMBJ5.0A, LM2596S-5.0, 99.9 %')).toBe('SMBJ5.0A, LM2596S-5.0, 99,9 %');
    expect(RUSSIAN.text('Stocktake of Shelf D: counted 48.5')).toBe('Инвентаризация стеллажа Г: по факту 48,5');
  });

  it('puts counts in the right plural form', () => {
    expect(RUSSIAN.part('JST XH crimp housing 2 pins')).toBe('Корпус JST XH под обжим, 2 контакта');
    expect(RUSSIAN.part('JST XH crimp housing 5 pins')).toBe('Корпус JST XH под обжим, 5 контактов');
    expect(RUSSIAN.part('DIP switch 8 positions')).toBe('DIP-переключатель, 8 позиций');
    expect(RUSSIAN.part('Flat ribbon cable 20 ways, 1.27 mm')).toBe('Шлейф плоский, 20 жил, 1,27 мм');
  });

  it('refuses a text it has no Russian for, instead of passing the English through', () => {
    expect(() => RUSSIAN.text('Quarantine shelf')).toThrow(/no translation/);
    expect(() => RUSSIAN.part('Crystal oscillator 16 MHz')).toThrow(/no translation/);
    expect(() => RUSSIAN.value('purple')).toThrow(/no translation/);
    expect(() => RUSSIAN.unit('furlong')).toThrow(/no translation/);
    expect(() => RUSSIAN.person('John Smith')).toThrow(/no translation/);
    expect(() => RUSSIAN.reference('PO-2026-0001')).toThrow(/no translation/);
    expect(() => RUSSIAN.text('Sample kit for Acme')).toThrow(/no translation/);
  });
});

const app = await buildTestApp();
/** The English demo, seeded at the same moment, to compare with. */
const english = await createTestDatabase();
afterAll(() => english.close());

async function seedAt(db: Parameters<typeof seedDemoData>[0], at: number, locale: 'en' | 'ru') {
  vi.useFakeTimers({ now: at, toFake: ['Date'] });
  try {
    return await seedDemoData(db, 'Europe/Moscow', locale);
  } finally {
    vi.useRealTimers();
  }
}

beforeAll(async () => {
  const at = Date.now();
  expect(await seedAt(app.db, at, 'ru')).not.toBeNull();
  expect(await seedAt(english.db, at, 'en')).not.toBeNull();
});

async function texts(query: ReturnType<typeof sql>): Promise<string[]> {
  return (await queryRows<{ text: string }>(app.db, query)).map((row) => row.text);
}

/** The rows of a query in both demos, as JSON lines (bigints and dates compare as text). */
async function both(query: ReturnType<typeof sql>): Promise<[string[], string[]]> {
  const lines = async (db: Executor) => (await queryRows(db, query)).map((row) => JSON.stringify(row));
  return [await lines(app.db), await lines(english.db)];
}

const CYRILLIC = /\p{Script=Cyrillic}/u;
/** A lowercase Latin word of three letters or more: English (brands and models are capitalised or have digits). */
const ENGLISH_WORD = /(?:^|[^\p{L}\p{N}-])[a-z]{3,}(?![\p{L}\p{N}])/u;

describe('the Russian demo', () => {
  it('holds the same rows as the English one: counts, SKUs, quantities, times and people', async () => {
    for (const table of [
      'departments',
      'users',
      'categories',
      'locations',
      'components',
      'component_parameters',
      'movements',
      'stock_balances',
      'department_stock',
      'sales_pipelines',
      'sales_pipeline_statuses',
      'sales_loss_reasons',
      'sales_contacts',
      'sales_leads',
      'sales_manager_activity',
      'sales_plans',
    ]) {
      const [russian, original] = await both(sql`select count(*)::int as count from ${sql.identifier(table)}`);
      expect(russian, table).toEqual(original);
    }
    const [components, englishComponents] = await both(
      sql`select c.sku, c.manufacturer, c.manufacturer_part_number, c.unit, c.minimum_stock::text,
                 c.default_unit_cost_minor::text, c.created_at::text, c.archived_at::text,
                 cardinality(cat.ancestor_ids) as depth, (select count(*)::int from component_parameters p
                 where p.component_id = c.id) as parameters
          from components c join categories cat on cat.id = c.category_id order by c.sku`,
    );
    expect(components).toEqual(englishComponents);
    const [movements, englishMovements] = await both(
      sql`select m.number::text, c.sku, m.type, m.quantity::text, m.unit_cost_minor::text, m.created_at::text, u.email,
                 m.reference = '' as no_reference, m.note = '' as no_note, r.number::text as reverses
          from movements m join components c on c.id = m.component_id join users u on u.id = m.user_id
          left join movements r on r.id = m.reversal_of_id order by m.number`,
    );
    expect(movements).toEqual(englishMovements);
    const [balances, englishBalances] = await both(
      sql`select c.sku, cardinality(l.ancestor_ids) as depth, b.quantity::text
          from stock_balances b join components c on c.id = b.component_id join locations l on l.id = b.location_id
          order by 1, 2, 3`,
    );
    expect(balances).toEqual(englishBalances);
    const [leads, englishLeads] = await both(
      sql`select amo_id::text, main_contact_amo_id::text, budget_minor::text, amo_created_at::text, closed_at::text,
                 pipeline_amo_id::text, status_amo_id::text, loss_reason_amo_id::text, responsible_amo_user_id::text,
                 title = '' as untitled, payment_method is null as unpaid
          from sales_leads order by amo_id`,
    );
    expect(leads).toEqual(englishLeads);
  });

  it('names departments, places, categories and people as its English twin does, in Russian', async () => {
    const pairs = async (query: ReturnType<typeof sql>) =>
      Promise.all(
        [app.db, english.db].map(async (db) =>
          (await queryRows<{ key: string; text: string }>(db, query)).map((row) => [row.key, row.text]),
        ),
      );
    const path = (english: string) =>
      english
        .split(' / ')
        .map((name) => RUSSIAN.text(name))
        .join(' / ');
    const [members, englishMembers] = await pairs(
      sql`select u.email as key, string_agg(d.name, ' + ' order by d.created_at, d.name) as text
          from users u join user_departments ud on ud.user_id = u.id join departments d on d.id = ud.department_id
          group by u.email order by 1`,
    );
    expect(members).toEqual(
      englishMembers?.map(([email = '', names = '']) => [email, names.split(' + ').map(RUSSIAN.text).join(' + ')]),
    );
    const [people, englishPeople] = await pairs(sql`select email as key, name as text from users order by 1`);
    expect(people).toEqual(englishPeople?.map(([email = '', name = '']) => [email, RUSSIAN.person(name)]));
    expect(people).toContainEqual(['admin@example.com', 'Александра Иванова']);
    const [categories, englishCategories] = await pairs(
      sql`select cardinality(ancestor_ids)::text || ':' || (select count(*) from components c where c.category_id = cat.id)
                   as key, path as text
          from categories cat order by path`,
    );
    expect(new Set(categories?.map(String))).toEqual(
      new Set(englishCategories?.map(([key = '', english = '']) => String([key, path(english)]))),
    );
    const [places, englishPlaces] = await pairs(
      sql`select d.name as key, l.path as text from locations l join departments d on d.id = l.department_id order by 2`,
    );
    expect(new Set(places?.map(String))).toEqual(
      new Set(
        englishPlaces?.map(([department = '', english = '']) => String([RUSSIAN.text(department), path(english)])),
      ),
    );
    expect(places).toContainEqual(['Центральный склад', 'Основной склад / Стеллаж Б / Ячейка 3']);
  });

  it('has no English left in its names, notes, parameters, categories and sales texts', async () => {
    const named = {
      departments: await texts(sql`select name as text from departments`),
      users: await texts(sql`select name as text from users`),
      categories: await texts(sql`select name as text from categories`),
      locations: await texts(sql`select name as text from locations`),
      components: await texts(sql`select name as text from components`),
      'parameter names': await texts(sql`select distinct name as text from component_parameters`),
      descriptions: await texts(sql`select description as text from components where description <> ''`),
      notes: await texts(sql`select distinct note as text from movements where note <> ''`),
      references: await texts(sql`select distinct reference as text from movements where reference <> ''`),
      pipelines: await texts(sql`select name as text from sales_pipelines`),
      statuses: await texts(sql`select distinct name as text from sales_pipeline_statuses`),
      'loss reasons': await texts(sql`select name as text from sales_loss_reasons`),
      'lead titles': await texts(sql`select distinct title as text from sales_leads where title <> ''`),
      'payment methods': await texts(
        sql`select distinct payment_method as text from sales_leads where payment_method is not null`,
      ),
      contacts: await texts(sql`select distinct name as text from sales_contacts`),
    };
    for (const [kind, values] of Object.entries(named)) {
      expect(values.length, kind).toBeGreaterThan(0);
      expect(
        values.filter((value) => !CYRILLIC.test(value)),
        kind,
      ).toEqual([]);
    }
    const words = {
      ...named,
      packages: await texts(sql`select distinct package as text from components`),
      'parameter values': await texts(sql`select distinct value as text from component_parameters`),
      'parameter units': await texts(sql`select distinct unit as text from component_parameters where unit <> 'ppm/K'`),
    };
    for (const [kind, values] of Object.entries(words)) {
      // Code spans in descriptions name files and commands (`esptool.py`).
      const prose = values.map((value) => value.replace(/`[^`]*`/g, ''));
      expect(
        prose.filter((value) => ENGLISH_WORD.test(value)),
        kind,
      ).toEqual([]);
    }
  });

  it('keeps part numbers and codes, and writes decimal commas in the names', async () => {
    const rows = await queryRows<{ sku: string; name: string; manufacturer_part_number: string; package: string }>(
      app.db,
      sql`select sku, name, manufacturer_part_number, package from components
          where sku in ('RES-0603-4K7-F', 'TVS-SMBJ5.0A', 'SOLDER-SAC305-0.5', 'CAPE-100U-63V-8X11.5', 'CON-USBC-16P')
          order by sku`,
    );
    expect(rows).toEqual([
      {
        sku: 'CAPE-100U-63V-8X11.5',
        name: 'Конденсатор электролитический 100 мкФ 63 В 105 °C',
        manufacturer_part_number: 'UHE1J101MPD',
        package: 'Радиальный 8×11,5 мм',
      },
      {
        sku: 'CON-USBC-16P',
        name: 'Розетка USB Type-C, USB 2.0, 16 контактов, SMT',
        manufacturer_part_number: 'USB4105-GF-A',
        package: 'SMT',
      },
      {
        sku: 'RES-0603-4K7-F',
        name: 'Резистор 4,7 кОм 1 % 0603',
        manufacturer_part_number: 'RC0603FR-074K7L',
        package: '0603',
      },
      {
        sku: 'SOLDER-SAC305-0.5',
        name: 'Припой SAC305 0,5 мм, бессвинцовый',
        manufacturer_part_number: '24-7068-7601',
        package: 'Катушка 0,5 кг',
      },
      {
        sku: 'TVS-SMBJ5.0A',
        name: 'TVS-диод однонаправленный 5 В 600 Вт',
        manufacturer_part_number: 'SMBJ5.0A',
        package: 'SMB',
      },
    ]);
    const alloys = await texts(
      sql`select p.value as text from component_parameters p join components c on c.id = p.component_id
          where c.sku = 'SOLDER-SAC305-0.5' order by p.position`,
    );
    expect(alloys).toEqual(['Sn96.5Ag3Cu0.5', '0,5', '2,2']);
  });

  it('is found by a Russian search on the components screen', async () => {
    const login = await call(app, 'POST', '/api/auth/login', {
      body: { email: 'worker@example.com', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const token = login.json<LoginResponse>().accessToken;
    const found = await call(app, 'GET', `/api/components?q=${encodeURIComponent('резистор кОм 0603')}`, { token });
    expect(found.statusCode).toBe(200);
    // 1 kΩ to 100 kΩ at ±1 %, matched whatever the case of the Cyrillic letters.
    expect(found.json<ComponentList>().total).toBe(7);
  });
});
