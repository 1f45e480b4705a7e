// Names a cron expression may use instead of numbers: months JAN-DEC (1-12) and weekdays
// SUN-SAT (0-6), in any case.
const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
const WEEKDAYS = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"];

/** The number a name stands for in the given field, or null when it names nothing there. */
export function nameValue(text: string, field: string): number | null {
  const upper = text.toUpperCase();
  if (field === "month") {
    const i = MONTHS.indexOf(upper);
    return i < 0 ? null : i + 1;
  }
  if (field === "day of week") {
    const i = WEEKDAYS.indexOf(upper);
    return i < 0 ? null : i;
  }
  return null;
}
