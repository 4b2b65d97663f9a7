import { AMO_LOST_STATUS_ID, AMO_WON_STATUS_ID } from '@cm/contract';
import { seededRandom } from '../../lib/seeded-random.js';
import {
  type Calendar,
  CLOSES,
  closingDays,
  createdBefore,
  MINUTE,
  type Month,
  OPENS,
  pickMoment,
} from './calendar.js';
import { BUDGET_STEP, daysTaken, drawBudget, MIN_BUDGET, weighted, wonBudgets } from './draws.js';
import { LOSS_REASONS, type Pipeline, REPEAT_PIPELINE, SALES_PIPELINE } from './pipelines.js';
import { CHANNELS, type SalesProfile } from './team.js';
import { leadTitle, personName } from './titles-and-names.js';

export const PRNG_SEED = 20_260_405;
const PLAN_STEP = 50_000;

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

export function planOf(profile: SalesProfile, month: Month): number {
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

export function playLeads(profile: SalesProfile, months: readonly Month[], calendar: Calendar): DemoLead[] {
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
