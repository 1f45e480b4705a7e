// Request examples for every operation of the OpenAPI document, in curl, the execboard CLI (where
// a command does the same) and Python with requests, built from the document itself: the path
// with its parameters, the credentials it needs, the required query parameters and a body made
// from its schema (an example value where the schema gives one, else one of the right type and
// format). The API reference shows them under each operation.

type Schema = Record<string, unknown>;

export interface ExampleOperation {
  method: string;
  path: string;
  operationId: string;
  security: Record<string, unknown>[];
  parameters?: { name: string; in: string; required: boolean; schema: Schema }[];
  requestBody?: { required: boolean; content: Record<string, { schema: Schema }> };
}

export interface RequestExamples {
  curl: string;
  python: string;
  /** The execboard command that does the same, if there is one. */
  cli: string | null;
}

const PARAM_VALUES: Record<string, string> = {
  slug: "execretrieval-demo",
  id: "$ID",
  file: "queries.jsonl",
  email: "dev@example.com",
};

// The CLI commands that call an operation (lib/cli); {name} is filled from the path parameters.
const CLI: Record<string, string> = {
  getDataset: "execboard benchmark download {slug} --out ./{slug}",
  getDatasetFile: "execboard benchmark download {slug} --zip",
  createSubmission: `execboard submit embeddings.npz --benchmark {slug} --metadata '{"model": "my-embedder", "provider": "Me"}' --wait`,
  createUpload: `execboard submit embeddings.npz --benchmark execretrieval-demo --metadata '{"model": "my-embedder", "provider": "Me"}'`,
  completeUpload: "execboard submit embeddings.npz --benchmark execretrieval-demo --metadata metadata.json",
  getSubmission: "execboard status {id}",
  listOwnSubmissions: "execboard status",
  listTokens: "execboard tokens list",
  createToken: "execboard tokens create --name ci --expires-in-days 30",
  revokeToken: "execboard tokens revoke {id}",
  rotateToken: "execboard tokens rotate",
  getQuota: "execboard quota --benchmark execretrieval-demo",
  setQuotaOverride: "execboard quota set --user dev@example.com --benchmark execretrieval-demo --per-day 20",
  listOrganisations: "execboard orgs list",
  getOrganisation: "execboard orgs show {slug}",
  createOrganisation: 'execboard orgs create acme-ai --name "Acme AI" --owner lead@example.com',
  addOrganisationMember: "execboard orgs add-member {slug} --email dev@example.com",
  removeOrganisationMember: "execboard orgs remove-member {slug} --email {email}",
  publishSubmission: "execboard submissions publish {id}",
  rejectSubmission: 'execboard submissions reject {id} --reason "why the owner should know"',
  verifySubmission: "execboard submissions verify {id}",
  hideSubmission: 'execboard submissions hide {id} --reason "licence under review"',
  rerunSubmission: "execboard submissions rerun {id}",
  setWarningNote: 'execboard submissions note {id} --text "trained on a superset of the tasks"',
  getReviewQueue: "execboard submissions queue",
  getAuditLog: "execboard submissions audit",
  rescoreBenchmark: 'execboard rescore --benchmark {slug} --reason "runner 3" --wait',
  getRescore: "execboard rescore status {id}",
};

function resolve(schema: Schema, defs: Record<string, Schema>, depth: number): Schema {
  let s = schema;
  for (let i = 0; i < 5 && typeof s.$ref === "string"; i++) s = defs[(s.$ref as string).split("/").pop()!] ?? {};
  if (Array.isArray(s.allOf) && s.allOf.length > 0 && depth < 8) s = { ...(s.allOf as Schema[]).reduce((a, b) => ({ ...a, ...resolve(b, defs, depth + 1) }), {}), ...s, allOf: undefined };
  return s;
}

/** A value that fits `schema`: its example, default or first enum value, else one of its type and format. */
export function sampleValue(schema: Schema, defs: Record<string, Schema> = {}, depth = 0, name = ""): unknown {
  const s = resolve(schema, defs, depth);
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if (s.example !== undefined) return s.example;
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  const union = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (union?.length) return sampleValue(union.find((u) => resolve(u, defs, depth).type !== "null") ?? union[0], defs, depth + 1, name);
  const type = Array.isArray(s.type) ? (s.type as string[]).find((t) => t !== "null") : (s.type as string | undefined);
  if (depth > 6) return null;
  switch (type) {
    case "object": {
      const props = (s.properties ?? {}) as Record<string, Schema>;
      const required = new Set((s.required ?? []) as string[]);
      const keys = Object.keys(props).filter((k) => required.has(k));
      return Object.fromEntries((keys.length > 0 ? keys : Object.keys(props).slice(0, 2)).map((k) => [k, sampleValue(props[k], defs, depth + 1, k)]));
    }
    case "array":
      return s.items ? [sampleValue(s.items as Schema, defs, depth + 1, name)] : [];
    case "integer":
      return typeof s.minimum === "number" ? Math.max(1, s.minimum) : 1;
    case "number":
      return typeof s.minimum === "number" ? s.minimum : 1;
    case "boolean":
      return true;
    case "string":
      return sampleString(s, name);
    default:
      return null;
  }
}

function sampleString(s: Schema, name: string): string {
  switch (s.format) {
    case "uuid":
      return "00000000-0000-4000-8000-000000000000";
    case "email":
      return "dev@example.com";
    case "date":
      return "2026-01-15";
    case "date-time":
      return "2026-01-15T12:00:00Z";
    case "uri":
      return "https://example.com/model-card";
  }
  const byName: Record<string, string> = {
    reason: "why, in a sentence",
    email: "dev@example.com",
    model: "my-embedder",
    provider: "Me",
    organisation: "Acme AI",
    benchmark: "execretrieval-demo",
    slug: "acme-ai",
    version: "1.0.0",
    name: "ci",
    note: "a note readers see",
    code: "ebc_…",
  };
  return byName[name] ?? (typeof s.minLength === "number" && s.minLength > 5 ? "x".repeat(s.minLength) : "text");
}

function fillPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_, p: string) => PARAM_VALUES[p] ?? `$${p.toUpperCase()}`);
}

function pyString(path: string): string {
  return `f"{BASE}${path.replace(/\{(\w+)\}/g, (_, p: string) => (PARAM_VALUES[p]?.startsWith("$") || !PARAM_VALUES[p] ? `{${p}}` : PARAM_VALUES[p]))}"`;
}

function pyLiteral(v: unknown, indent = 0): string {
  const pad = " ".repeat(indent + 4);
  if (v === null) return "None";
  if (v === true) return "True";
  if (v === false) return "False";
  if (typeof v === "number") return String(v);
  if (typeof v === "string") return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map((x) => pyLiteral(x, indent)).join(", ")}]`;
  const entries = Object.entries(v as Record<string, unknown>);
  if (entries.length === 0) return "{}";
  return `{\n${entries.map(([k, x]) => `${pad}${JSON.stringify(k)}: ${pyLiteral(x, indent + 4)},`).join("\n")}\n${" ".repeat(indent)}}`;
}

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

export function requestExamples(op: ExampleOperation, defs: Record<string, Schema> = {}): RequestExamples {
  const method = op.method.toUpperCase();
  const auth = op.security.length > 0;
  const query = (op.parameters ?? []).filter((p) => p.in === "query" && p.required);
  const qs = query.map((p) => `${p.name}=${encodeURIComponent(String(sampleValue(p.schema, defs, 0, p.name) ?? ""))}`).join("&");
  const url = `$EXECBOARD_URL${fillPath(op.path)}${qs ? `?${qs}` : ""}`;
  const content = op.requestBody?.content ?? {};
  const type = Object.keys(content)[0];
  const bodySchema = type ? content[type].schema : undefined;

  const curl: string[] = [`curl${method === "GET" ? "" : ` -X ${method}`}${auth ? ' -H "Authorization: Bearer $EXECBOARD_TOKEN"' : ""}`];
  const py: string[] = ["import os, requests", "", 'BASE = os.environ.get("EXECBOARD_URL", "http://localhost:3000")'];
  if (auth) py.push('HEADERS = {"Authorization": f"Bearer {os.environ[\'EXECBOARD_TOKEN\']}"}');
  const pathParams = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).filter((p) => !PARAM_VALUES[p] || PARAM_VALUES[p].startsWith("$"));
  for (const p of pathParams) py.push(`${p} = "…"  # the ${p} from an earlier answer`);
  const args = [pyString(op.path)];
  if (auth) args.push("headers=HEADERS");
  if (query.length > 0) args.push(`params={${query.map((p) => `${JSON.stringify(p.name)}: ${pyLiteral(sampleValue(p.schema, defs, 0, p.name))}`).join(", ")}}`);

  if (type === "multipart/form-data") {
    curl.push("  -F file=@embeddings.npz", `  -F ${shellQuote('metadata={"model": "my-embedder", "provider": "Me", "similarity": "cosine"}')}`);
    py.push('metadata = {"model": "my-embedder", "provider": "Me", "similarity": "cosine"}');
    args.push('files={"file": open("embeddings.npz", "rb")}', 'data={"metadata": json.dumps(metadata)}');
    py[0] = "import json, os, requests";
  } else if (type === "application/octet-stream") {
    curl.push('  -H "Content-Range: bytes 0-33554431/$SIZE"', "  --data-binary @chunk0");
    py.push("chunk = open(\"embeddings.npz\", \"rb\").read(32 << 20)");
    args.push('headers={**HEADERS, "Content-Range": f"bytes 0-{len(chunk) - 1}/{os.path.getsize(\'embeddings.npz\')}"}', "data=chunk");
    args.splice(args.indexOf("headers=HEADERS"), 1);
  } else if (bodySchema) {
    const body = sampleValue(bodySchema, defs);
    curl.push(`  -H "Content-Type: application/json" -d ${shellQuote(JSON.stringify(body))}`);
    py.push(`body = ${pyLiteral(body)}`);
    args.push("json=body");
  }
  curl.push(`  "${url}"`);
  py.push("", `r = requests.${op.method.toLowerCase()}(${args.join(", ")})`, "r.raise_for_status()", op.path.includes("/dataset/") ? 'open("download", "wb").write(r.content)' : "print(r.json())");

  const cliTemplate = CLI[op.operationId];
  const cli = cliTemplate ? `export EXECBOARD_URL=… ${auth ? "EXECBOARD_TOKEN=ebt_…" : ""}`.trimEnd() + `\nnpx ${cliTemplate.replace(/\{(\w+)\}/g, (_, p: string) => PARAM_VALUES[p] ?? `<${p}>`)}` : null;
  return { curl: curl.join(" \\\n"), python: py.join("\n"), cli };
}
