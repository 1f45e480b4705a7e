// The five fields of a cron expression, in order, with the values each may take. The day of
// the week runs 0-7: both 0 and 7 are Sunday.
export interface Field {
  name: "minute" | "hour" | "day of month" | "month" | "day of week";
  min: number;
  max: number;
}

export const FIELDS: readonly Field[] = [
  { name: "minute", min: 0, max: 59 },
  { name: "hour", min: 0, max: 23 },
  { name: "day of month", min: 1, max: 31 },
  { name: "month", min: 1, max: 12 },
  { name: "day of week", min: 0, max: 7 },
];
