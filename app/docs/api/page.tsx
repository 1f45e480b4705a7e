import { pageMeta } from "@/components/site/page-meta";
import Link from "next/link";
import { headers } from "next/headers";
import { siteOrigin } from "@/lib/auth/session-cookie";
import { HtmlIsland } from "@/components/ui/html-island";
import { provideIslandHtml } from "@/components/ui/html-island-store";
import { apiDocument, apiReferenceHtml } from "./reference-html";

export const metadata = pageMeta("API reference", "The ExecBoard REST API: every operation with its parameters, schemas and request examples in curl, the execboard CLI and Python.");

// The API reference, rendered on the server from the same document as /api/v1/openapi.json.
// Its markup (several hundred kilobytes, rendered once per process) is an HTML island: in the
// page's HTML once, not again in the React payload inlined beside it. The page itself stays
// dynamic (the root layout reads the session cookie).
export default async function ApiDocsPage() {
  const origin = siteOrigin(await headers()) ?? "http://localhost:3000";
  const doc = apiDocument();
  provideIslandHtml("api-reference", apiReferenceHtml());
  return (
    <div className="space-y-10">
      <header className="space-y-3">
        <h1 className="text-2xl font-semibold tracking-tight">{doc.info.title}</h1>
        <p className="max-w-3xl text-sm text-slate-700">{doc.info.description}</p>
        <p className="text-sm text-slate-600">
          Machine-readable: <a href="/api/v1/openapi.json" className="underline">/api/v1/openapi.json</a> (OpenAPI 3.1, version {doc.info.version}). Tokens
          for the web: <Link href="/signin" className="underline">sign in</Link>.
        </p>
        <p className="max-w-3xl text-sm text-slate-600">
          Every operation has request examples in curl, the <code>execboard</code> CLI and Python. They read the server from{" "}
          <code>$EXECBOARD_URL</code> and your API token from <code>$EXECBOARD_TOKEN</code>:
        </p>
        <pre tabIndex={0} className="max-w-full overflow-x-auto rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-xs text-slate-900">
          <code>{`export EXECBOARD_URL=${origin}\nexport EXECBOARD_TOKEN=ebt_…   # your token: /account, or execboard tokens create`}</code>
        </pre>
      </header>
      <HtmlIsland id="api-reference" src="/docs/api/reference" className="space-y-10" />
    </div>
  );
}
