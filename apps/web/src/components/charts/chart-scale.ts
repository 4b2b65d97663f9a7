// A chart places its marks by binary floats: money is drawn in major units, and the figures people read (tooltips,
// the words beside the chart) are written from the exact minor units.
import { moneyText } from '../../lib/format/amounts';

/** Money in minor units as a number of major units, for a chart's scale. */
export function chartMoney(minor: number | bigint | string, digits: number): number {
  return Number(moneyText(minor, digits));
}

/** A value on a chart's scale back in minor units, for the exact money text of a tooltip. */
export function minorOf(value: number, digits: number): number {
  return Math.round(value * 10 ** digits);
}

/** A long name shortened for an axis, whole words kept where they fit; the tooltip and the table hold it whole. */
export function axisLabel(text: string, length = 26): string {
  if (text.length <= length) return text;
  // A path keeps its last parts, which say what the group is: "… / Resistors / SMD".
  const parts = text.split(' / ');
  if (parts.length > 1) {
    let kept = parts.at(-1) ?? '';
    for (let index = parts.length - 2; index >= 0; index--) {
      const candidate = `${parts[index]} / ${kept}`;
      if (candidate.length + 4 > length) break;
      kept = candidate;
    }
    if (kept.length + 4 <= length) return `… / ${kept}`;
  }
  return `${text.slice(0, length - 1).trimEnd()}…`;
}
