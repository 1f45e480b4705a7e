import { parse } from "./parse";

const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

function list(words: string[]): string {
  return words.length <= 2 ? words.join(" and ") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/** The step of values that start at `min` and repeat evenly to the end of the field, or null. */
function evenStep(values: number[], min: number, max: number): number | null {
  if (values.length < 2 || values[0] !== min) return null;
  const step = values[1] - values[0];
  for (let i = 2; i < values.length; i++) if (values[i] - values[i - 1] !== step) return null;
  return values[values.length - 1] + step > max ? step : null;
}

function isWeekdays(days: number[]): boolean {
  return days.length === 5 && days.every((d, i) => d === i + 1);
}

/** An English description of a cron expression. */
export function describe(expression: string): string {
  const s = parse(expression);
  const parts: string[] = [];
  const everyHour = s.hours.length === 24;
  const minuteStep = evenStep(s.minutes, 0, 59);
  if (s.minutes.length === 60 && everyHour) parts.push("every minute");
  else if (minuteStep !== null && everyHour) parts.push(`every ${minuteStep} minutes`);
  else if (s.minutes.length === 1 && s.hours.length === 1) parts.push(`at ${pad(s.hours[0])}:${pad(s.minutes[0])}`);
  else {
    parts.push(`at minute ${list(s.minutes.map(String))}`);
    if (!everyHour) parts.push(`past hour ${list(s.hours.map(String))}`);
  }
  if (!s.anyWeekday) parts.push(isWeekdays(s.weekdays) ? "on weekdays" : `on ${list(s.weekdays.map((d) => WEEKDAY_NAMES[d]))}`);
  if (!s.anyDay) parts.push(`on day ${list(s.days.map(String))} of the month`);
  if (s.months.length !== 12) parts.push(`in ${list(s.months.map((m) => MONTH_NAMES[m - 1]))}`);
  return parts.join(" ");
}
