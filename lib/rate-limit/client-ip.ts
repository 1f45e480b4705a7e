// The client address for per-IP limits. The web process (server/web-server.ts) replaces
// X-Forwarded-For with the one address it decided (the connection's, or through proxies named in
// EXECBOARD_TRUSTED_PROXIES: lib/http/forwarded.ts), so a client cannot choose it. Where the app
// runs without that server (a bare `next start`), the rightmost entry, the one the closest proxy
// or Next.js itself added, is the best there is.
export function clientIp(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for");
  const last = forwarded?.split(",").map((s) => s.trim()).filter(Boolean).pop();
  return last || headers.get("x-real-ip")?.trim() || "unknown";
}
