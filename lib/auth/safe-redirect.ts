// Where to go after signing in: only a path on this site, never another origin.
// Browsers drop tabs and newlines from URLs and read "\" as "/", so "/\t/evil.example" and
// "/\evil.example" become the protocol-relative "//evil.example". A path is accepted only if it
// holds none of those characters and, resolved against this site, stays on it; what is returned is
// the path as resolved (so what the browser follows is what was checked).
const BASE = "http://execboard.invalid";

export function safeRedirectPath(next: unknown, fallback = "/"): string {
  if (typeof next !== "string" || next.length > 2048 || !next.startsWith("/")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f\\\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/.test(next)) return fallback;
  if (next.startsWith("//")) return fallback;
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = url.pathname + url.search + url.hash;
  return path.startsWith("//") ? fallback : path;
}
