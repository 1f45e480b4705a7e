// The body of the API reference (the operations index, every operation, every named schema)
// as plain server markup: it depends on the code only, so reference-html.tsx renders it to HTML
// once per process (components/ui/static-markup.ts) and the page sends it as an HTML island.
import { requestExamples } from "@/lib/openapi/request-examples";
import { SchemaView, typeLabel } from "./schema-view";

type Schema = Record<string, unknown>;

interface Parameter {
  name: string;
  in: string;
  required: boolean;
  description?: string;
  schema: Schema;
}
export interface OperationDoc {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: Record<string, unknown>[];
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
}

const METHOD_STYLE: Record<string, string> = {
  get: "bg-sky-100 text-sky-800",
  post: "bg-emerald-100 text-emerald-800",
  put: "bg-amber-100 text-amber-800",
  delete: "bg-red-100 text-red-800",
  patch: "bg-violet-100 text-violet-800",
};

export interface ApiDocument {
  info: { title: string; version: string; description: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, OperationDoc>>;
  components: { schemas: Record<string, Schema> };
}

export function ApiReference({ doc }: { doc: ApiDocument }) {
  const ops = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
  return (
    <>
      <nav aria-label="Operations" className="grid gap-4 sm:grid-cols-2">
        {doc.tags.map((tag) => (
          <div key={tag.name}>
            <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{tag.name}</h2>
            <ul className="mt-1 space-y-0.5 text-sm">
              {ops
                .filter((o) => o.op.tags.includes(tag.name))
                .map((o) => (
                  <li key={o.op.operationId}>
                    <a href={`#${o.op.operationId}`} className="break-all font-mono hover:underline">
                      {o.method.toUpperCase()} {o.path}
                    </a>
                  </li>
                ))}
            </ul>
          </div>
        ))}
      </nav>

      {ops.map(({ path, method, op }) => (
        <section key={op.operationId} id={op.operationId} aria-labelledby={`${op.operationId}-title`} className="space-y-3 rounded border border-slate-200 bg-white p-5">
          <h2 id={`${op.operationId}-title`} className="flex flex-wrap items-baseline gap-3">
            <span className={`rounded px-2 py-0.5 font-mono text-xs font-semibold ${METHOD_STYLE[method] ?? ""}`}>{method.toUpperCase()}</span>
            <code className="break-all text-base font-semibold">{path}</code>
            <span className="text-sm font-normal text-slate-600">{op.summary}</span>
          </h2>
          {op.description && <p className="text-sm text-slate-700">{op.description}</p>}
          <p className="text-xs text-slate-500">{authText(op.security)}</p>

          {op.parameters && op.parameters.length > 0 && (
            <div>
              <h3 className="text-sm font-semibold">Parameters</h3>
              <ul className="text-sm">
                {op.parameters.map((p) => (
                  <li key={`${p.in}-${p.name}`} className="break-words">
                    <code className="font-semibold">{p.name}</code> <span className="text-slate-500">({p.in}{p.required ? ", required" : ""})</span>{" "}
                    <span className="font-mono text-slate-700">{typeLabel(p.schema)}</span>
                    {p.description && <span className="text-slate-600"> — {p.description}</span>}
                  </li>
                ))}
              </ul>
            </div>
          )}

          {op.requestBody && (
            <div>
              <h3 className="text-sm font-semibold">
                Request body <span className="font-normal text-slate-500">({Object.keys(op.requestBody.content).join(", ")}{op.requestBody.required ? "" : ", optional"})</span>
              </h3>
              {Object.values(op.requestBody.content).map((c, i) => (
                <SchemaView key={i} schema={c.schema} />
              ))}
            </div>
          )}

          <div>
            <h3 className="text-sm font-semibold">Responses</h3>
            <ul className="text-sm">
              {Object.entries(op.responses).map(([status, r]) => (
                <li key={status} className="break-words">
                  <span className="font-mono font-semibold">{status}</span> {r.description}
                  {r.content?.["application/json"] && <span className="font-mono text-slate-700"> → {typeLabel(r.content["application/json"].schema)}</span>}
                </li>
              ))}
            </ul>
          </div>
          <Examples op={{ ...op, method, path }} defs={doc.components.schemas} />
        </section>
      ))}

      <section aria-labelledby="schemas-title" className="space-y-4">
        <h2 id="schemas-title" className="text-xl font-semibold tracking-tight">
          Schemas
        </h2>
        {Object.entries(doc.components.schemas).map(([name, schema]) => (
          <div key={name} id={`schema-${name}`} className="rounded border border-slate-200 bg-white p-4">
            <h3 className="font-mono font-semibold">{name}</h3>
            {typeof schema.description === "string" && <p className="text-sm text-slate-600">{schema.description}</p>}
            <SchemaView schema={schema} />
          </div>
        ))}
      </section>
    </>
  );
}

function authText(security: Record<string, unknown>[]): string {
  if (security.length === 0) return "Public: no credentials needed.";
  if (security.some((s) => Object.keys(s).length === 0)) return "Credentials optional (Bearer token or session cookie): signed-in callers may see more.";
  return "Requires a Bearer token or the session cookie.";
}

// curl, the execboard CLI (where a command does the same) and Python, built from the document.
function Examples({ op, defs }: { op: OperationDoc & { method: string; path: string }; defs: Record<string, Schema> }) {
  const e = requestExamples(op, defs);
  const blocks: [string, string][] = [["curl", e.curl], ...(e.cli ? [["execboard CLI", e.cli] as [string, string]] : []), ["Python (requests)", e.python]];
  return (
    <details className="text-sm" data-testid="request-examples">
      <summary className="cursor-pointer font-semibold">Request examples</summary>
      <div className="mt-2 space-y-3">
        {blocks.map(([title, code]) => (
          <figure key={title} className="min-w-0">
            <figcaption className="mb-1 text-xs font-medium text-slate-600">{title}</figcaption>
            <pre tabIndex={0} className="max-w-full overflow-x-auto rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-xs leading-5 text-slate-900">
              <code>{code}</code>
            </pre>
          </figure>
        ))}
      </div>
    </details>
  );
}
