// The named schedules cron accepts in place of five fields, and how people say them.
export const MACROS: Record<string, { fields: string; words: string }> = {
  "@yearly": { fields: "0 0 1 1 *", words: "every year on the 1st of January at midnight" },
  "@annually": { fields: "0 0 1 1 *", words: "every year on the 1st of January at midnight" },
  "@monthly": { fields: "0 0 1 * *", words: "every month on the 1st at midnight" },
  "@weekly": { fields: "0 0 * * 0", words: "every Sunday at midnight" },
  "@daily": { fields: "0 0 * * *", words: "every day at midnight" },
  "@midnight": { fields: "0 0 * * *", words: "every day at midnight" },
  "@hourly": { fields: "0 * * * *", words: "every hour on the hour" },
};

export function macro(expression: string): { fields: string; words: string } | null {
  const name = expression.trim().toLowerCase();
  return name.startsWith("@") ? (MACROS[name] ?? null) : null;
}
