// Reading Next.js searchParams ({ key: string | string[] | undefined }) without trusting them:
// every reader page keeps its state in the URL, and any URL can be typed by hand.
export type RawSearchParams = Record<string, string | string[] | undefined>;

export function first(raw: RawSearchParams, key: string): string | undefined {
  const v = raw[key];
  return Array.isArray(v) ? v[0] : v;
}

export function all(raw: RawSearchParams, key: string): string[] {
  const v = raw[key];
  if (v === undefined) return [];
  return (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(",")).map((s) => s.trim()).filter(Boolean);
}

export function oneOf<T extends string | number>(value: string | undefined, allowed: readonly T[], fallback: T): T {
  const hit = allowed.find((a) => String(a) === value);
  return hit ?? fallback;
}

export function positiveInt(value: string | undefined, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

/** A query string from pairs, leaving out empty values; "" when nothing is left. */
export function toQueryString(pairs: [string, string | number | undefined | null][]): string {
  const sp = new URLSearchParams();
  for (const [k, v] of pairs) if (v !== undefined && v !== null && v !== "") sp.append(k, String(v));
  const s = sp.toString();
  return s ? `?${s}` : "";
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(s: string): boolean {
  return UUID.test(s);
}

/** A path segment decoded once; left as is when it is not valid percent-encoding. */
export function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
