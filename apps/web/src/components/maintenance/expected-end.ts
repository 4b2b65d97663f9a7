/** Whole minutes an expected end picked by a preset is rounded up to, so that it reads "18:05" rather than "18:03". */
const PRESET_ROUNDING_MINUTES = 5;

const clocks = new Map<string, Intl.DateTimeFormat>();

function clockOf(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let clock = clocks.get(key);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(key, clock);
  }
  return clock;
}

/** What a clock in `timeZone` shows at `instant`, as the date-time picker writes it: `YYYY-MM-DD HH:mm:ss`. */
export function wallClockAt(instant: Date, timeZone: string | undefined): string {
  const part = Object.fromEntries(
    clockOf(timeZone)
      .formatToParts(instant)
      .map(({ type, value }) => [type, value]),
  );
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}

/** How far `timeZone`'s clock is ahead of UTC at `at` (milliseconds since the epoch). */
function offsetAt(at: number, timeZone: string | undefined): number {
  return Date.parse(`${wallClockAt(new Date(at), timeZone).replace(' ', 'T')}Z`) - at;
}

/**
 * The instant at which a clock in `timeZone` shows `wallClock` (`YYYY-MM-DD HH:mm:ss`): the organisation's time, which
 * every time on the screens is, whatever the clock of the browser. The offset is taken at a first guess and once more
 * at the instant it gives, which settles it across a change to or from summer time; a time that clocks skip when they
 * are put forward reads as the same time on the clock before the change.
 */
export function instantOfWallClock(wallClock: string, timeZone: string | undefined): Date {
  const asIfUtc = Date.parse(`${wallClock.replace(' ', 'T')}Z`);
  const guess = asIfUtc - offsetAt(asIfUtc, timeZone);
  return new Date(asIfUtc - offsetAt(guess, timeZone));
}

/** `minutes` after `now`, rounded up to whole five minutes: an expected end a preset offers. */
export function laterBy(now: Date, minutes: number): Date {
  const step = PRESET_ROUNDING_MINUTES * 60_000;
  return new Date(Math.ceil((now.getTime() + minutes * 60_000) / step) * step);
}
