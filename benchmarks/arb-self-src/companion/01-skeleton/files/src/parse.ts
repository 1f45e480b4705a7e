import { FIELDS, type Field } from "./fields";

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
  if (!/^\d+$/.test(text)) throw new Error(`${field.name}: ${JSON.stringify(text)} is not a number`);
  const n = Number(text);
  if (n < field.min || n > field.max) throw new Error(`${field.name}: ${n} is outside ${field.min}-${field.max}`);
  return n;
}

function parsePart(part: string, field: Field): number[] {
  if (part === "*") return range(field.min, field.max);
  const dash = part.indexOf("-");
  if (dash > 0) {
    const from = parseValue(part.slice(0, dash), field);
    const to = parseValue(part.slice(dash + 1), field);
    if (from > to) throw new Error(`${field.name}: range ${part} runs backwards`);
    return range(from, to);
  }
  return [parseValue(part, field)];
}

function parseField(text: string, field: Field): number[] {
  const values = new Set<number>();
  for (const part of text.split(",")) for (const v of parsePart(part, field)) values.add(v);
  return [...values].sort((a, b) => a - b);
}

export function parse(expression: string): Schedule {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`a cron expression has five fields, got ${parts.length}`);
  const [minutes, hours, days, months, weekdays] = parts.map((p, i) => parseField(p, FIELDS[i]));
  return { minutes, hours, days, months, weekdays, anyDay: parts[2] === "*", anyWeekday: parts[4] === "*" };
}
