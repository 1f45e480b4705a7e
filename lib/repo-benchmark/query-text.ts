// The canonical text of a sample's query: what vendors embed and the baselines read. The
// released records keep a query as named fields (a PR title and body, a review comment and its
// hunk, a failure excerpt, an anchored diff); the text lists them one per line in field-name
// order as "<field>: <value>", strings exactly as released (newlines kept), list items one per
// line, numbers in decimal, other values as JSON. Empty fields are left out.
export function canonicalQueryText(query: Record<string, unknown>): string {
  const lines: string[] = [];
  for (const key of Object.keys(query).sort()) {
    const value = renderValue(query[key]);
    if (value !== "") lines.push(`${key}: ${value}`);
  }
  return lines.join("\n");
}

function renderValue(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (Array.isArray(v)) return v.map(renderValue).filter((x) => x !== "").join("\n");
  return JSON.stringify(v);
}
