import { seededRandom } from '../../lib/seeded-random.js';
import type { CheckedDay } from '../../modules/sales-import/columns.js';
import { type Calendar, CLOSES, DAY, isDayOff, isoDate, type Month, OPENS } from './calendar.js';
import { PRNG_SEED } from './leads.js';
import { CHANNELS, type SalesProfile } from './team.js';

/** Calls, call seconds and messages per working day (a few on days off, none on a sick day). */
export function playActivity(profile: SalesProfile, months: readonly Month[], calendar: Calendar): CheckedDay[] {
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
