// Where to go after signing in: only a path on this site, never another origin
// ("//evil.example" and "/\evil.example" are protocol-relative to browsers).
export function safeRedirectPath(next: unknown, fallback = "/"): string {
  if (typeof next !== "string" || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return fallback;
  return next;
}
