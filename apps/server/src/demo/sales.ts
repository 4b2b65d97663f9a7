import { AMO_LOST_STATUS_ID, AMO_WON_STATUS_ID, type ManagementType } from '@cm/contract';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/client.js';
import { FILE_ACCOUNT_ID } from '../db/schema/sales.js';
import { type Random, seededRandom } from '../lib/seeded-random.js';
import type { CheckedDay } from '../modules/sales-import/check-activity.js';
import { storeDays } from '../modules/sales-import/repository.js';
import { type ContactFacts, type LeadFacts, upsertContacts, upsertLeads } from '../modules/sales-sync/leads.js';
import { salesSettings } from '../modules/sales-sync/settings.js';
import type { UpsertUserInput } from '../modules/users/service.js';
import type { DemoLanguage } from './language.js';

/**
 * The demo sales area: a sales team in the two sales departments, two pipelines, twelve months of leads
 * up to today, daily calls and messages, and monthly plans up to next month. The demo reads no amoCRM
 * account, so all of it is file data (FILE_ACCOUNT_ID). Leads are stored as file leads through upsertLeads,
 * the sync's own write path, so each one gets its manager and department exactly as a synced lead does.
 *
 * Every manager's months come from a random stream of their own with a fixed number of draws per month:
 * what a manager achieved N months ago is the same in every seed whatever the date, so the facts the
 * sales screens are shown with (a streak, a 120 % month, some managers above and some below plan last
 * month) always hold. Times are local working hours in the organisation's time zone, so every lead is
 * closed inside the month it counts for. Texts stay English until the rows are written in the seed's
 * language, so the leads and their numbers are the same in every language.
 */

/** Who sets the plans, and the organisation time zone the sales settings start with (`TIME_ZONE`). */
export type DemoSalesPeople = { adminId: string; timeZone: string };

export type DemoSalesSummary = { leads: number; contacts: number; activityDays: number; plans: number };

const PRNG_SEED = 20_260_405;

const DAY = 86_400_000;
const MINUTE = 60_000;
/** Eleven full months and the current month up to now. */
const MONTHS = 12;
/** Minor units per ruble: the seeded settings keep the default currency, RUB. */
const KOPECKS = 100;
/** Budgets are whole rubles in steps of 500 between these bounds. */
const BUDGET_STEP = 500;
const MIN_BUDGET = 20_000;
const MAX_BUDGET = 900_000;
const PLAN_STEP = 50_000;
/** Leads are created and closed in working hours, in minutes of the local day. */
const OPENS = 9 * 60;
const CLOSES = 20 * 60;
/** amoCRM ids grow with time: leads and contacts are numbered in the order they were created. */
const LEAD_ID_BASE = 30_000_000;
const CONTACT_ID_BASE = 40_000_000;

// ---------------------------------------------------------------------------------------------------
// The team

const SALES_DEPARTMENTS = ['Moscow Sales', 'Online Sales'] as const;

function manager(
  login: string,
  name: string,
  department: (typeof SALES_DEPARTMENTS)[number],
  amoId: number,
  managementType: ManagementType,
): Omit<UpsertUserInput, 'password'> {
  return { email: `${login}@example.com`, name, role: 'manager', departments: [department], amoId, managementType };
}

/** The managers besides manager@example.com (Maxim Petrov, AMO ID 1001), each in one sales department. */
export const DEMO_SALES_MANAGERS: Omit<UpsertUserInput, 'password'>[] = [
  manager('anna.kuznetsova', 'Anna Kuznetsova', 'Moscow Sales', 1002, 'offline'),
  manager('dmitry.sokolov', 'Dmitry Sokolov', 'Moscow Sales', 1003, 'hybrid'),
  manager('ekaterina.volkova', 'Ekaterina Volkova', 'Moscow Sales', 1004, 'offline'),
  manager('sergey.morozov', 'Sergey Morozov', 'Moscow Sales', 1005, 'offline'),
  manager('irina.lebedeva', 'Irina Lebedeva', 'Moscow Sales', 1006, 'hybrid'),
  manager('natalia.kozlova', 'Natalia Kozlova', 'Online Sales', 1011, 'online'),
  manager('artem.novikov', 'Artem Novikov', 'Online Sales', 1012, 'online'),
  manager('yulia.fedorova', 'Yulia Fedorova', 'Online Sales', 1013, 'online'),
  manager('pavel.orlov', 'Pavel Orlov', 'Online Sales', 1014, 'hybrid'),
  manager('victoria.pavlova', 'Victoria Pavlova', 'Online Sales', 1015, 'online'),
];

/** How a manager sells; amounts in rubles. */
type SalesProfile = {
  amoId: number;
  /** Sets the typical budgets, payment methods and lead titles, and the mix of calls and messages. */
  channel: ManagementType;
  /** Monthly plan before the seasonal factor. */
  plan: number;
  /** Typical fact/plan, and how far a month strays from it. */
  achievement: number;
  spread: number;
  /** Fact/plan of chosen months, counted back from the last full month (0). */
  fixed?: Record<number, number>;
  lossesPerWin: number;
  daysToWin: number;
  /** A loss reason this manager hears far more often than the others do. */
  commonLossReason?: string;
  /** Calls and messages against the channel's typical day. */
  diligence: number;
  /** A manager who left: the last month worked, counted back from the last full month. */
  lastMonthBack?: number;
};

const SALES_TEAM: SalesProfile[] = [
  // Moscow Sales: Anna usually leads, Maxim is a close second and first now and then, Sergey struggles.
  {
    amoId: 1001,
    channel: 'offline',
    plan: 2_800_000,
    achievement: 1.03,
    spread: 0.1,
    fixed: { 0: 1.03, 4: 1.22, 5: 1.18 },
    lossesPerWin: 1.3,
    daysToWin: 12,
    diligence: 1.05,
  },
  {
    amoId: 1002,
    channel: 'offline',
    plan: 3_200_000,
    achievement: 1.06,
    spread: 0.1,
    fixed: { 0: 1.12, 1: 1.04, 2: 1.17, 3: 1.06, 5: 0.82 },
    lossesPerWin: 1.1,
    daysToWin: 10,
    diligence: 1.1,
  },
  {
    amoId: 1003,
    channel: 'hybrid',
    plan: 2_400_000,
    achievement: 0.94,
    spread: 0.12,
    lossesPerWin: 1.5,
    daysToWin: 14,
    diligence: 0.95,
  },
  {
    amoId: 1004,
    channel: 'offline',
    plan: 2_600_000,
    achievement: 0.95,
    spread: 0.18,
    fixed: { 0: 0.94, 2: 1.26, 5: 0.9 },
    lossesPerWin: 1.6,
    daysToWin: 9,
    commonLossReason: 'Chose a competitor',
    diligence: 1,
  },
  {
    amoId: 1005,
    channel: 'offline',
    plan: 2_400_000,
    achievement: 0.74,
    spread: 0.1,
    fixed: { 0: 0.66 },
    lossesPerWin: 2.2,
    commonLossReason: 'Too expensive',
    daysToWin: 18,
    diligence: 0.8,
  },
  {
    amoId: 1006,
    channel: 'hybrid',
    plan: 2_200_000,
    achievement: 0.9,
    spread: 0.14,
    lossesPerWin: 1.4,
    daysToWin: 13,
    diligence: 1.15,
  },
  // Online Sales: smaller budgets, faster deals, more messages than calls.
  {
    amoId: 1011,
    channel: 'online',
    plan: 1_800_000,
    achievement: 1.05,
    spread: 0.1,
    fixed: { 0: 1.09 },
    lossesPerWin: 1.2,
    daysToWin: 5,
    diligence: 1.1,
  },
  {
    amoId: 1012,
    channel: 'online',
    plan: 1_500_000,
    achievement: 0.97,
    spread: 0.13,
    lossesPerWin: 1.4,
    daysToWin: 6,
    commonLossReason: 'Delivery time too long',
    diligence: 1,
  },
  {
    amoId: 1013,
    channel: 'online',
    plan: 1_400_000,
    achievement: 0.92,
    spread: 0.15,
    lossesPerWin: 1.5,
    daysToWin: 7,
    commonLossReason: 'No response',
    diligence: 0.9,
  },
  {
    amoId: 1014,
    channel: 'hybrid',
    plan: 1_700_000,
    achievement: 0.96,
    spread: 0.12,
    lossesPerWin: 1.3,
    daysToWin: 8,
    diligence: 1.05,
  },
  {
    amoId: 1015,
    channel: 'online',
    plan: 1_200_000,
    achievement: 0.8,
    spread: 0.12,
    fixed: { 0: 0.71 },
    lossesPerWin: 1.9,
    daysToWin: 6,
    commonLossReason: 'No response',
    diligence: 0.85,
  },
];

/** amoCRM users no user has as AMO ID (a manager who left, a colleague of another team): "unmatched". */
const OUTSIDERS: SalesProfile[] = [
  {
    amoId: 1090,
    channel: 'offline',
    plan: 2_000_000,
    achievement: 0.9,
    spread: 0.12,
    lossesPerWin: 1.5,
    daysToWin: 12,
    diligence: 1,
    lastMonthBack: 4,
  },
  {
    amoId: 1091,
    channel: 'online',
    plan: 400_000,
    achievement: 0.9,
    spread: 0.2,
    lossesPerWin: 1.2,
    daysToWin: 4,
    diligence: 0.3,
  },
];

type Weighted<T> = readonly (readonly [T, number])[];

type Channel = {
  budget: readonly [number, number];
  paymentMethods: Weighted<string>;
  /** Share of leads titled after a website order rather than a customer's request. */
  websiteOrders: number;
  calls: number;
  callMinutes: number;
  messages: number;
};

const CHANNELS: Record<ManagementType, Channel> = {
  offline: {
    budget: [40_000, MAX_BUDGET],
    paymentMethods: [
      ['Bank transfer', 45],
      ['Card', 25],
      ['Cash', 20],
      ['Instalments', 10],
    ],
    websiteOrders: 0,
    calls: 34,
    callMinutes: 3.4,
    messages: 14,
  },
  hybrid: {
    budget: [30_000, 600_000],
    paymentMethods: [
      ['Card', 40],
      ['Bank transfer', 35],
      ['Instalments', 15],
      ['Cash', 10],
    ],
    websiteOrders: 0.3,
    calls: 24,
    callMinutes: 2.9,
    messages: 45,
  },
  online: {
    budget: [MIN_BUDGET, 350_000],
    paymentMethods: [
      ['Card', 55],
      ['Bank transfer', 25],
      ['Instalments', 20],
    ],
    websiteOrders: 0.6,
    calls: 13,
    callMinutes: 2.4,
    messages: 95,
  },
};

/** Plans follow the season: a slow January, a strong autumn and December. */
const SEASON = [0.8, 0.9, 1, 1, 0.9, 0.95, 0.9, 0.9, 1.05, 1.1, 1.1, 1.2] as const;

// ---------------------------------------------------------------------------------------------------
// Pipelines, loss reasons, titles and names

type Stage = { amoId: number; name: string; color: string };
type Pipeline = { amoId: number; name: string; isMain: boolean; stages: Stage[] };

/** Open stages in order; the first is the "unsorted" stage of incoming leads. Won and lost follow in every pipeline. */
const SALES_PIPELINE: Pipeline = {
  amoId: 7_310_001,
  name: 'Sales',
  isMain: true,
  stages: [
    { amoId: 73_100_011, name: 'Incoming leads', color: '#c1c1c1' },
    { amoId: 73_100_012, name: 'First contact', color: '#99ccff' },
    { amoId: 73_100_013, name: 'Needs identified', color: '#ffff99' },
    { amoId: 73_100_014, name: 'Proposal sent', color: '#ffcc66' },
    { amoId: 73_100_015, name: 'Negotiation', color: '#ff8f92' },
    { amoId: 73_100_016, name: 'Invoice issued', color: '#deff81' },
  ],
};

const REPEAT_PIPELINE: Pipeline = {
  amoId: 7_310_002,
  name: 'Repeat customers',
  isMain: false,
  stages: [
    { amoId: 73_100_021, name: 'New request', color: '#c1c1c1' },
    { amoId: 73_100_022, name: 'Quote prepared', color: '#ffcc66' },
    { amoId: 73_100_023, name: 'Awaiting payment', color: '#deff81' },
  ],
};

const PIPELINES = [SALES_PIPELINE, REPEAT_PIPELINE];

const CLOSED_STAGES = [
  { amoId: AMO_WON_STATUS_ID, name: 'Closed - won', color: '#ccff66', sort: 10_000 },
  { amoId: AMO_LOST_STATUS_ID, name: 'Closed - lost', color: '#d5d8db', sort: 11_000 },
];

const LOSS_REASONS: Weighted<{ amoId: number; name: string }> = [
  [{ amoId: 5_100_001, name: 'Too expensive' }, 28],
  [{ amoId: 5_100_002, name: 'Chose a competitor' }, 20],
  [{ amoId: 5_100_003, name: 'No response' }, 22],
  [{ amoId: 5_100_004, name: 'No budget' }, 10],
  [{ amoId: 5_100_005, name: 'Postponed the purchase' }, 10],
  [{ amoId: 5_100_006, name: 'Delivery time too long' }, 6],
  [{ amoId: 5_100_007, name: 'Not what the customer needed' }, 4],
];

const PRODUCTS = [
  'Microcontroller batch',
  'Power supply components',
  'Connector kit',
  'Relay order',
  'Prototype BOM',
  'Cable assemblies',
  'Capacitor stock-up',
  'Resistor reels',
  'Sensor modules',
  'Display modules',
  'Motor driver boards',
  'Sample kit',
  'LED drivers',
  'Fuses and protection',
] as const;

const COMPANIES = [
  'Elektron-Service',
  'Volga Robotics',
  'NPP Impuls',
  'Tekhnosvyaz',
  'Ural Instruments',
  'Baltic Devices',
  'Sibtronika',
  'Kama Automation',
  'Neva Lab',
  'Don Electro',
  'Arktika Systems',
  'Polyus Engineering',
  'Vektor Plant',
  'Ladoga Tech',
  'Orion Telecom',
  'Kaskad',
  'Radian Metering',
  'Meridian Electronics',
] as const;

const MALE_NAMES = [
  'Alexey',
  'Andrey',
  'Anton',
  'Boris',
  'Denis',
  'Evgeny',
  'Gleb',
  'Igor',
  'Ilya',
  'Kirill',
  'Konstantin',
  'Mikhail',
  'Nikolai',
  'Oleg',
  'Roman',
  'Timur',
  'Vadim',
  'Viktor',
  'Vladimir',
  'Yuri',
] as const;

const FEMALE_NAMES = [
  'Alina',
  'Anastasia',
  'Daria',
  'Elena',
  'Galina',
  'Inna',
  'Kristina',
  'Larisa',
  'Marina',
  'Margarita',
  'Nadezhda',
  'Oksana',
  'Polina',
  'Sofia',
  'Svetlana',
  'Tatiana',
  'Valentina',
  'Veronika',
  'Yana',
] as const;

/** Surnames in their masculine form; every one takes "-a" in the feminine. */
const SURNAMES = [
  'Antonov',
  'Baranov',
  'Belov',
  'Bogdanov',
  'Egorov',
  'Filippov',
  'Frolov',
  'Grigoriev',
  'Gusev',
  'Kiselev',
  'Komarov',
  'Makarov',
  'Medvedev',
  'Nikitin',
  'Osipov',
  'Romanov',
  'Sorokin',
  'Stepanov',
  'Tarasov',
  'Vasiliev',
  'Yakovlev',
  'Zaitsev',
  'Zhukov',
] as const;

function weighted<T>(random: Random, items: Weighted<T>): T {
  const total = items.reduce((sum, [, weight]) => sum + weight, 0);
  let left = random.next() * total;
  for (const [item, weight] of items) {
    left -= weight;
    if (left < 0) return item;
  }
  return (items.at(-1) as readonly [T, number])[0];
}

/** About normally distributed, mean 0 and deviation 1 (a sum of three uniforms). */
function normal(random: Random): number {
  return (random.next() + random.next() + random.next() - 1.5) * 2;
}

function personName(random: Random): string {
  return random.chance(0.5)
    ? `${random.pick(FEMALE_NAMES)} ${random.pick(SURNAMES)}a`
    : `${random.pick(MALE_NAMES)} ${random.pick(SURNAMES)}`;
}

/** Empty now and then: amoCRM allows a lead without a title, and the screens show "Untitled lead". */
function leadTitle(random: Random, channel: Channel): string {
  if (random.chance(0.04)) return '';
  if (random.chance(channel.websiteOrders)) return `Website order #${random.int(10_000, 99_999)}`;
  return `${random.pick(PRODUCTS)} for ${random.pick(COMPANIES)}`;
}

/** Budgets are skewed towards the low end of the range, as real ones are. */
function drawBudget(random: Random, [min, max]: readonly [number, number]): number {
  return Math.round((min * (max / min) ** (random.next() ** 1.4)) / BUDGET_STEP) * BUDGET_STEP;
}

/** Budgets of won leads that add up to exactly `revenue` (at least MIN_BUDGET), each within the overall bounds. */
function wonBudgets(random: Random, revenue: number, range: readonly [number, number]): number[] {
  const budgets: number[] = [];
  let remaining = revenue;
  while (remaining > 0) {
    let budget = drawBudget(random, range);
    // The last lead takes what is left, unless that would be too large for one lead or leave too little for the next.
    if (remaining - budget < MIN_BUDGET) budget = remaining <= MAX_BUDGET ? remaining : remaining - MIN_BUDGET;
    budgets.push(budget);
    remaining -= budget;
  }
  return budgets;
}

/** Days a deal took: around `typical`, now and then much longer. */
function daysTaken(random: Random, typical: number, cap: number): number {
  return Math.min(cap, Math.round(typical * Math.exp(normal(random) * 0.6)));
}

// ---------------------------------------------------------------------------------------------------
// The calendar of the organisation's time zone. Local days are numbered like UTC days (day × DAY is the
// UTC midnight of the same calendar date), so weekdays and months come from plain Date UTC getters.

type Calendar = {
  now: number;
  today: number;
  /** Minutes since local midnight now. */
  minuteNow: number;
  /** The instant of a local day and minute. */
  at: (day: number, minute: number) => number;
};

function calendarIn(timeZone: string, now: number): Calendar {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  /** The local wall-clock time of an instant, read as if it were UTC. */
  const wallClock = (instant: number) => {
    const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
    return Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
      Number(parts.second),
    );
  };
  // The offset at local noon serves the whole working day: clocks change at night.
  const offsets = new Map<number, number>();
  const offsetOn = (day: number) => {
    let offset = offsets.get(day);
    if (offset === undefined) {
      const noon = day * DAY + 12 * 60 * MINUTE;
      const guess = noon - (wallClock(noon) - noon);
      offset = wallClock(guess) - guess;
      offsets.set(day, offset);
    }
    return offset;
  };
  const local = wallClock(now);
  return {
    now,
    today: Math.floor(local / DAY),
    minuteNow: Math.floor((local % DAY) / MINUTE),
    at: (day, minute) => day * DAY + minute * MINUTE - offsetOn(day),
  };
}

/** Weekends and Russia's fixed public holidays (the yearly transfers of days off are left out). */
const HOLIDAYS = new Set([
  '01-01',
  '01-02',
  '01-03',
  '01-04',
  '01-05',
  '01-06',
  '01-07',
  '01-08',
  '02-23',
  '03-08',
  '05-01',
  '05-09',
  '06-12',
  '11-04',
]);

function isoDate(day: number): string {
  return new Date(day * DAY).toISOString().slice(0, 10);
}

function isDayOff(day: number): boolean {
  const weekday = new Date(day * DAY).getUTCDay();
  return weekday === 0 || weekday === 6 || HOLIDAYS.has(isoDate(day).slice(5));
}

type Month = {
  key: string;
  first: number;
  last: number;
  /** Months before the last full month: 0 for the last full month, -1 for the current one. */
  back: number;
  season: number;
};

/** The month `offset` months from the current one. */
function monthAt(today: number, offset: number): Month {
  const date = new Date(today * DAY);
  const start = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1);
  const month = new Date(start).getUTCMonth();
  return {
    key: new Date(start).toISOString().slice(0, 7),
    first: start / DAY,
    last: Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset + 1, 0) / DAY,
    back: -offset - 1,
    season: SEASON[month] ?? 1,
  };
}

/** Days of a month on which leads can have closed by now, with the share of deals each day sees. */
function closingDays(month: Month, calendar: Calendar) {
  const days: { day: number; weight: number; until: number }[] = [];
  let full = 0;
  for (let day = month.first; day <= month.last; day++) {
    const weight = isDayOff(day) ? 0.08 : 1;
    full += weight;
    if (day > calendar.today) continue;
    const until = day === calendar.today ? Math.min(CLOSES, calendar.minuteNow) : CLOSES;
    if (until - OPENS < 30) continue;
    days.push({ day, weight: (weight * (until - OPENS)) / (CLOSES - OPENS), until });
  }
  const total = days.reduce((sum, day) => sum + day.weight, 0);
  return { days, total, elapsed: total / full };
}

type ClosingDays = ReturnType<typeof closingDays>;

/** A moment in working hours on one of the days, never later than now. */
function pickMoment(random: Random, calendar: Calendar, closing: ClosingDays): { day: number; at: number } {
  let left = random.next() * closing.total;
  let chosen = closing.days.at(-1);
  for (const candidate of closing.days) {
    left -= candidate.weight;
    if (left < 0) {
      chosen = candidate;
      break;
    }
  }
  if (!chosen) throw new Error('no day to close a demo lead on');
  return {
    day: chosen.day,
    at: calendar.at(chosen.day, random.int(OPENS, chosen.until - 1)) + random.int(0, 59) * 1000,
  };
}

/** When a lead closed `days` days after it came in was created. */
function createdBefore(random: Random, calendar: Calendar, closedDay: number, closedAt: number, days: number): number {
  if (days === 0) return closedAt - random.int(15, 240) * MINUTE;
  return calendar.at(closedDay - days, random.int(OPENS, CLOSES - 1)) + random.int(0, 59) * 1000;
}

// ---------------------------------------------------------------------------------------------------
// Playing the year

type DemoContact = { name: string; firstSeen: number; lastSeen: number; amoId: number };

type DemoLead = {
  responsible: number;
  title: string;
  contact: DemoContact | null;
  paymentMethod: string | null;
  budget: number;
  createdAt: number;
  closedAt: number | null;
  updatedAt: number;
  pipeline: Pipeline;
  statusAmoId: number;
  lossReasonAmoId: number | null;
};

function planOf(profile: SalesProfile, month: Month): number {
  return Math.round((profile.plan * month.season) / PLAN_STEP) * PLAN_STEP;
}

/** Fact/plan of each history month, oldest first: two draws per month whatever the calendar. */
function achievements(profile: SalesProfile, months: readonly Month[]): number[] {
  const random = seededRandom(PRNG_SEED + profile.amoId * 1000 + 1);
  return months.map((month) => {
    const drawn = profile.achievement + (random.next() + random.next() - 1) * profile.spread * 1.7;
    return profile.fixed?.[month.back] ?? Math.min(1.45, Math.max(0.35, drawn));
  });
}

function playLeads(profile: SalesProfile, months: readonly Month[], calendar: Calendar): DemoLead[] {
  const random = seededRandom(PRNG_SEED + profile.amoId * 1000 + 2);
  const channel = CHANNELS[profile.channel];
  const customers: DemoContact[] = [];
  const leads: DemoLead[] = [];

  const lead = (facts: Omit<DemoLead, 'responsible' | 'title' | 'contact' | 'paymentMethod'>, paid: number) => {
    const repeat = facts.pipeline === REPEAT_PIPELINE;
    // Most leads come with a contact; a repeat customer is mostly someone the manager has sold to before.
    let contact: DemoContact | null = null;
    if (!random.chance(0.07)) {
      if (customers.length > 0 && random.chance(repeat ? 0.8 : 0.08)) {
        contact = random.pick(customers);
      } else {
        contact = { name: personName(random), firstSeen: facts.createdAt, lastSeen: 0, amoId: 0 };
        customers.push(contact);
      }
      contact.firstSeen = Math.min(contact.firstSeen, facts.createdAt);
      contact.lastSeen = Math.max(contact.lastSeen, facts.updatedAt);
    }
    leads.push({
      responsible: profile.amoId,
      title: leadTitle(random, channel),
      contact,
      paymentMethod: random.chance(paid) ? weighted(random, channel.paymentMethods) : null,
      ...facts,
    });
  };
  const pipeline = () => (random.chance(0.2) ? REPEAT_PIPELINE : SALES_PIPELINE);
  const updatedAfter = (at: number) => Math.min(calendar.now, at + random.int(0, 90) * MINUTE);

  const achieved = achievements(profile, months);
  months.forEach((month, index) => {
    if (profile.lastMonthBack !== undefined && month.back < profile.lastMonthBack) return;
    const closing = closingDays(month, calendar);
    if (closing.days.length === 0) return;
    const revenue =
      Math.round((planOf(profile, month) * (achieved[index] ?? 1) * closing.elapsed) / BUDGET_STEP) * BUDGET_STEP;
    // Early on the first of a month, too little has been sold for even one deal.
    const budgets = revenue < MIN_BUDGET ? [] : wonBudgets(random, revenue, channel.budget);
    for (const budget of budgets) {
      const closed = pickMoment(random, calendar, closing);
      const leadPipeline = pipeline();
      const days = daysTaken(random, profile.daysToWin * (leadPipeline === REPEAT_PIPELINE ? 0.5 : 1), 120);
      lead(
        {
          budget,
          createdAt: createdBefore(random, calendar, closed.day, closed.at, days),
          closedAt: closed.at,
          updatedAt: updatedAfter(closed.at),
          pipeline: leadPipeline,
          statusAmoId: AMO_WON_STATUS_ID,
          lossReasonAmoId: null,
        },
        0.93,
      );
    }
    const losses = Math.round(budgets.length * profile.lossesPerWin * random.between(0.75, 1.25));
    for (let count = 0; count < losses; count++) {
      const closed = pickMoment(random, calendar, closing);
      const reason = weighted(
        random,
        LOSS_REASONS.map(
          ([item, weight]) => [item, item.name === profile.commonLossReason ? weight * 2.5 : weight] as const,
        ),
      );
      lead(
        {
          budget: random.chance(0.12) ? 0 : drawBudget(random, channel.budget),
          createdAt: createdBefore(
            random,
            calendar,
            closed.day,
            closed.at,
            daysTaken(random, profile.daysToWin * 0.7, 90),
          ),
          closedAt: closed.at,
          updatedAt: updatedAfter(closed.at),
          pipeline: pipeline(),
          statusAmoId: AMO_LOST_STATUS_ID,
          lossReasonAmoId: reason.amoId,
        },
        0.25,
      );
    }
  });

  // Deals in progress: mostly from the last six weeks, a few stuck for months.
  if (profile.lastMonthBack === undefined) {
    const open = random.int(7, 14);
    for (let count = 0; count < open; count++) {
      const stale = count < 2;
      const age = stale ? random.int(60, 150) : random.int(1, 42);
      const createdAt = calendar.at(calendar.today - age, random.int(OPENS, CLOSES - 1)) + random.int(0, 59) * 1000;
      const leadPipeline = pipeline();
      const stages = leadPipeline.stages;
      // Fresh leads often still wait in the unsorted stage; stuck ones sit one step before the end.
      const stage =
        stages[stale ? stages.length - 2 : age <= 3 && random.chance(0.6) ? 0 : random.int(1, stages.length - 1)];
      if (!stage) throw new Error(`demo pipeline ${leadPipeline.name} has too few stages`);
      lead(
        {
          budget: random.chance(0.15) ? 0 : drawBudget(random, channel.budget),
          createdAt,
          closedAt: null,
          updatedAt: createdAt + Math.floor(random.next() * (calendar.now - createdAt)),
          pipeline: leadPipeline,
          statusAmoId: stage.amoId,
          lossReasonAmoId: null,
        },
        0.35,
      );
    }
  }
  return leads;
}

/** Calls, call seconds and messages per working day (a few on days off, none on a sick day). */
function playActivity(profile: SalesProfile, months: readonly Month[], calendar: Calendar): CheckedDay[] {
  const random = seededRandom(PRNG_SEED + profile.amoId * 1000 + 3);
  const channel = CHANNELS[profile.channel];
  const first = months[0]?.first ?? calendar.today;
  const lastMonth =
    profile.lastMonthBack === undefined ? undefined : months.find((m) => m.back === profile.lastMonthBack);
  const last = lastMonth?.last ?? calendar.today;
  const rows: CheckedDay[] = [];
  for (let day = first; day <= last; day++) {
    // Today counts the part of the working day that has passed.
    const share =
      day === calendar.today ? Math.min(1, Math.max(0, (calendar.minuteNow - OPENS) / (CLOSES - OPENS))) : 1;
    let calls = 0;
    let seconds = 0;
    let messages = 0;
    if (isDayOff(day)) {
      if (!random.chance(profile.channel === 'offline' ? 0.15 : 0.4)) continue;
      calls = random.chance(0.3) ? random.int(1, 3) : 0;
      seconds = calls * random.int(40, 240);
      messages = random.int(1, profile.channel === 'offline' ? 5 : 15);
    } else {
      if (random.chance(0.03)) continue;
      const pace = profile.diligence * share * (new Date(day * DAY).getUTCDay() === 5 ? 0.85 : 1);
      calls = Math.round(channel.calls * pace * random.between(0.6, 1.4));
      seconds = Math.round(calls * channel.callMinutes * 60 * random.between(0.75, 1.3));
      messages = Math.round(channel.messages * pace * random.between(0.6, 1.4));
    }
    calls = Math.round(calls * share);
    seconds = Math.round(seconds * share);
    messages = Math.round(messages * share);
    if (calls + messages === 0) continue;
    rows.push({ day: isoDate(day), managerAmoId: profile.amoId, calls, callSeconds: seconds, messages });
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------------
// Writing it all

const seconds = (at: number) => Math.floor(at / 1000);

/**
 * Fills the sales area of a freshly seeded database: the demo managers must exist, the sales tables must
 * be empty. Runs inside the seed's transaction.
 */
export async function seedDemoSales(
  db: Executor,
  people: DemoSalesPeople,
  language: DemoLanguage,
  now: Date = new Date(),
): Promise<DemoSalesSummary> {
  // A settings row that exists already keeps its own time zone.
  const { timeZone } = await salesSettings(db, people.timeZone);
  const calendar = calendarIn(timeZone, now.getTime());
  const months = Array.from({ length: MONTHS }, (_, index) => monthAt(calendar.today, index - MONTHS + 1));
  const nextMonth = monthAt(calendar.today, 1);

  const userRows = await queryRows<{ id: string; amo_id: string | number }>(
    db,
    sql`select id, amo_id from users where amo_id is not null`,
  );
  const userOf = new Map(userRows.map((row) => [Number(row.amo_id), row.id]));
  for (const profile of SALES_TEAM) {
    if (!userOf.has(profile.amoId)) throw new Error(`demo manager with AMO ID ${profile.amoId} is missing`);
  }

  // A manager's leads count in their oldest department. The seed creates the departments in one statement,
  // so they would tie on created_at and the random ids would decide; the demo opened them one after another
  // before its history starts, Moscow first, so Maxim Petrov's leads count in Moscow Sales.
  const historyStart = calendar.at(months[0]?.first ?? calendar.today, 0);
  for (const [index, name] of SALES_DEPARTMENTS.entries()) {
    const openedAt = new Date(historyStart - (SALES_DEPARTMENTS.length - index) * 30 * DAY).toISOString();
    await queryRows(
      db,
      sql`update departments set created_at = ${openedAt}::timestamptz where name = ${language.text(name)}`,
    );
  }

  await queryRows(
    db,
    sql`insert into sales_pipelines (account_id, amo_id, name, sort, is_main, is_archive) values ${sql.join(
      PIPELINES.map(
        (pipeline, index) =>
          sql`(${FILE_ACCOUNT_ID}, ${pipeline.amoId}, ${language.text(pipeline.name)}, ${(index + 1) * 10}, ${pipeline.isMain}, false)`,
      ),
      sql`, `,
    )}`,
  );
  await queryRows(
    db,
    sql`insert into sales_pipeline_statuses (account_id, pipeline_amo_id, amo_id, name, sort, color, type) values ${sql.join(
      PIPELINES.flatMap((pipeline) => [
        ...pipeline.stages.map(
          (stage, index) =>
            sql`(${FILE_ACCOUNT_ID}, ${pipeline.amoId}, ${stage.amoId}, ${language.text(stage.name)}, ${(index + 1) * 10}, ${stage.color}, ${index === 0 ? 1 : 0})`,
        ),
        ...CLOSED_STAGES.map(
          (stage) =>
            sql`(${FILE_ACCOUNT_ID}, ${pipeline.amoId}, ${stage.amoId}, ${language.text(stage.name)}, ${stage.sort}, ${stage.color}, 0)`,
        ),
      ]),
      sql`, `,
    )}`,
  );
  await queryRows(
    db,
    sql`insert into sales_loss_reasons (account_id, amo_id, name, sort) values ${sql.join(
      LOSS_REASONS.map(
        ([reason], index) => sql`(${FILE_ACCOUNT_ID}, ${reason.amoId}, ${language.text(reason.name)}, ${index + 1})`,
      ),
      sql`, `,
    )}`,
  );

  const profiles = [...SALES_TEAM, ...OUTSIDERS];
  const leads = profiles.flatMap((profile) => playLeads(profile, months, calendar));
  leads.sort((a, b) => a.createdAt - b.createdAt);
  const contacts = [...new Set(leads.flatMap((lead) => (lead.contact ? [lead.contact] : [])))];
  contacts.sort((a, b) => a.firstSeen - b.firstSeen);
  contacts.forEach((contact, index) => {
    contact.amoId = CONTACT_ID_BASE + index + 1;
  });
  const contactFacts: ContactFacts[] = contacts.map((contact) => ({
    accountId: FILE_ACCOUNT_ID,
    amoId: contact.amoId,
    name: language.person(contact.name),
    updatedAt: seconds(contact.lastSeen),
  }));
  for (let start = 0; start < contactFacts.length; start += 1000) {
    await upsertContacts(db, contactFacts.slice(start, start + 1000));
  }
  const leadFacts: LeadFacts[] = leads.map((lead, index) => ({
    accountId: FILE_ACCOUNT_ID,
    amoId: LEAD_ID_BASE + index + 1,
    title: language.text(lead.title),
    mainContactAmoId: lead.contact?.amoId ?? null,
    paymentMethod: lead.paymentMethod === null ? null : language.text(lead.paymentMethod),
    budgetMinor: lead.budget * KOPECKS,
    createdAt: seconds(lead.createdAt),
    closedAt: lead.closedAt === null ? null : seconds(lead.closedAt),
    pipelineAmoId: lead.pipeline.amoId,
    statusAmoId: lead.statusAmoId,
    lossReasonAmoId: lead.lossReasonAmoId,
    responsibleAmoUserId: lead.responsible,
    updatedAt: seconds(lead.updatedAt),
  }));
  await upsertLeads(db, leadFacts, 'file');

  // Files give activity as daily totals, so the demo stores the totals as an activity import does:
  // recomputing them from call notes and chat messages is for the amoCRM account only.
  const activity = profiles.flatMap((profile) => playActivity(profile, months, calendar));
  await storeDays(db, activity);

  const plans = SALES_TEAM.flatMap((profile) =>
    [...months, nextMonth].map((month) => ({
      user_id: userOf.get(profile.amoId),
      month: month.key,
      amount_minor: planOf(profile, month) * KOPECKS,
    })),
  );
  await queryRows(
    db,
    sql`insert into sales_plans (user_id, month, amount_minor, updated_by)
        select r.user_id, r.month, r.amount_minor, ${people.adminId}::uuid
        from jsonb_to_recordset(${JSON.stringify(plans)}::jsonb) as r(user_id uuid, month text, amount_minor bigint)`,
  );

  return { leads: leads.length, contacts: contacts.length, activityDays: activity.length, plans: plans.length };
}
