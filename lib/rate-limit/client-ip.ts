// The client address for per-IP limits: the rightmost X-Forwarded-For entry, which is the one
// added by the closest proxy (Next.js itself sets the header to the socket address when it is
// absent). Without a proxy that appends to X-Forwarded-For, a client can choose this value; the
// per-token limit does not depend on it.
export function clientIp(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for");
  const last = forwarded?.split(",").map((s) => s.trim()).filter(Boolean).pop();
  return last || headers.get("x-real-ip")?.trim() || "unknown";
}
