import type { ManagementType } from '@cm/contract';
import type { UpsertUserInput } from '../../modules/users/service.js';
import { MAX_BUDGET, MIN_BUDGET, type Weighted } from './draws.js';

/** The demo sales team: the managers' accounts, how each of them sells, and the channels they sell through. */

export const SALES_DEPARTMENTS = ['Moscow Sales', 'Online Sales'] as const;

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
export type SalesProfile = {
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

export const SALES_TEAM: SalesProfile[] = [
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
export const OUTSIDERS: SalesProfile[] = [
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

export type Channel = {
  budget: readonly [number, number];
  paymentMethods: Weighted<string>;
  /** Share of leads titled after a website order rather than a customer's request. */
  websiteOrders: number;
  calls: number;
  callMinutes: number;
  messages: number;
};

export const CHANNELS: Record<ManagementType, Channel> = {
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
