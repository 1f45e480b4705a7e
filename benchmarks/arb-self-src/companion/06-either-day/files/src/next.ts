import type { Schedule } from "./parse";

const MINUTE = 60_000;
const SEARCH_YEARS = 5;

// Classic cron's rule: when both day fields are restricted, a day matches if either matches;
// when one is "*", the other decides.
function matchesDay(s: Schedule, d: Date): boolean {
  const day = s.days.includes(d.getUTCDate());
  const weekday = s.weekdays.includes(d.getUTCDay());
  if (s.anyDay || s.anyWeekday) return day && weekday;
  return day || weekday;
}

/** The first whole minute strictly after `after` at which the schedule fires (UTC), or null. */
export function nextRun(s: Schedule, after: Date): Date | null {
  const t = new Date(Math.floor(after.getTime() / MINUTE) * MINUTE + MINUTE);
  const lastYear = after.getUTCFullYear() + SEARCH_YEARS;
  while (t.getUTCFullYear() <= lastYear) {
    if (!s.months.includes(t.getUTCMonth() + 1)) {
      t.setUTCMonth(t.getUTCMonth() + 1, 1);
      t.setUTCHours(0, 0, 0, 0);
      continue;
    }
    if (!matchesDay(s, t)) {
      t.setUTCDate(t.getUTCDate() + 1);
      t.setUTCHours(0, 0, 0, 0);
      continue;
    }
    if (!s.hours.includes(t.getUTCHours())) {
      t.setUTCHours(t.getUTCHours() + 1, 0, 0, 0);
      continue;
    }
    if (!s.minutes.includes(t.getUTCMinutes())) {
      t.setUTCMinutes(t.getUTCMinutes() + 1, 0, 0);
      continue;
    }
    return t;
  }
  return null;
}
