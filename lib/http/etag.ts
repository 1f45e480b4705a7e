// Conditional GETs (RFC 9110 §13.1.2): whether a request's If-None-Match names the entity tag
// an answer carries. The comparison is the weak one the RFC prescribes for If-None-Match
// (W/"x" matches "x"), the header may list several tags or be "*", and the tag an answer
// carries may come as Node's header array (Next.js sets headers that way).

/** The single entity tag of an answer's ETag header, or null when it has none or several. */
export function etagOf(header: number | string | string[] | undefined | null): string | null {
  const value = Array.isArray(header) ? (header.length === 1 ? header[0] : null) : header;
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

const opaque = (tag: string) => (tag.startsWith("W/") ? tag.slice(2) : tag);

/** Whether `ifNoneMatch` (the request header, possibly a list) matches the answer's `etag`. */
export function etagMatches(ifNoneMatch: string | string[] | undefined | null, etag: string | null): boolean {
  if (!ifNoneMatch || !etag) return false;
  const text = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(",") : ifNoneMatch;
  if (text.trim() === "*") return true;
  const want = opaque(etag);
  // Tags are quoted strings without commas inside (RFC 9110's etagc excludes DQUOTE only, but
  // a comma inside a tag would make the list ambiguous; ExecBoard's tags are hex digests).
  return text.split(",").some((t) => opaque(t.trim()) === want);
}
