import { CronError } from "./errors";
import { FIELDS, type Field } from "./fields";
import { macro } from "./macros";
import { nameValue } from "./names";

// A parsed expression: for each field the sorted values it matches, and whether the day fields
// were left unrestricted ("*").
export interface Schedule {
  minutes: number[];
  hours: number[];
  days: number[];
  months: number[];
  weekdays: number[];
  anyDay: boolean;
  anyWeekday: boolean;
}

export function range(from: number, to: number, step = 1): number[] {
  const out: number[] = [];
  for (let v = from; v <= to; v += step) out.push(v);
  return out;
}

function parseValue(text: string, field: Field): number {
  const named = nameValue(text, field.name);
  if (named !== null) return named;
  if (!/^\d+$/.test(text)) throw new CronError(field.name, text, `${JSON.stringify(text)} is not a number`);
  const n = Number(text);
  if (n < field.min || n > field.max) throw new CronError(field.name, text, `${n} is outside ${field.min}-${field.max}`);
  return n;
}

function bounds(part: string, field: Field): [number, number] {
  const dash = part.indexOf("-");
  if (dash <= 0) {
    const n = parseValue(part, field);
    return [n, n];
  }
  const from = parseValue(part.slice(0, dash), field);
  const to = parseValue(part.slice(dash + 1), field);
  if (from > to) throw new CronError(field.name, part, `range ${part} runs backwards`);
  return [from, to];
}

function parsePart(part: string, field: Field): number[] {
  const slash = part.indexOf("/");
  if (slash >= 0) {
    const stepText = part.slice(slash + 1);
    const step = Number(stepText);
    if (!/^\d+$/.test(stepText) || step < 1) throw new CronError(field.name, stepText, `step ${JSON.stringify(stepText)} must be a whole number of at least 1`);
    const base = part.slice(0, slash);
    if (base === "*") return range(field.min, field.max, step);
    const [from, to] = bounds(base, field);
    return range(from, base.includes("-") ? to : field.max, step);
  }
  if (part === "*") return range(field.min, field.max);
  const [from, to] = bounds(part, field);
  return range(from, to);
}

function parseField(text: string, field: Field): number[] {
  const values = new Set<number>();
  for (const part of text.split(",")) {
    if (part === "") throw new CronError(field.name, text, "an empty list item");
    for (const v of parsePart(part, field)) values.add(field.name === "day of week" && v === 7 ? 0 : v);
  }
  return [...values].sort((a, b) => a - b);
}

export function parse(expression: string): Schedule {
  const trimmed = expression.trim();
  if (trimmed.startsWith("@")) {
    const m = macro(trimmed);
    if (!m) throw new CronError(null, trimmed, `unknown macro ${trimmed}`);
    return parse(m.fields);
  }
  const parts = trimmed.split(/\s+/);
  if (parts.length !== 5) throw new CronError(null, expression, `a cron expression has five fields, got ${parts.length}`);
  const [minutes, hours, days, months, weekdays] = parts.map((p, i) => parseField(p, FIELDS[i]));
  return { minutes, hours, days, months, weekdays, anyDay: parts[2] === "*", anyWeekday: parts[4] === "*" };
}
