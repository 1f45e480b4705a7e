import Link from "next/link";
import { formatBytes } from "@/lib/browser-check/check-submission-file";
import type { SubmitGuide } from "@/lib/pages/submit-guide";
import { DataTable } from "@/components/ui/data-table";
import { CodeBlock } from "./code-block";

// The pieces both tracks' submit guides are made of: a numbered step, inline code, the Python
// examples' shared lines, how to get an account, the version's download (every file with its size
// and SHA-256, and the commands), the metadata and upload steps, the shared limits.

/** The start of both tracks' Python examples: reading the download's JSON lines. */
export const PYTHON_PRELUDE = `import json
import numpy as np

def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]
`;

/** Where the vendor's model goes in the Python examples. */
export const PYTHON_EMBED = `def embed(texts):
    """Your model: one vector per text (add its query or passage prefix here)."""
    raise NotImplementedError
`;

export type GuideBenchmark = NonNullable<SubmitGuide["benchmark"]>;

export function Step({ id, n, title, children }: { id: string; n: number; title: string; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-6 space-y-3">
      <h2 id={`${id}-title`} className="flex items-baseline gap-2 text-lg font-semibold tracking-tight text-slate-900">
        <span aria-hidden className="inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-xs font-semibold text-emerald-900">
          {n}
        </span>
        {title}
      </h2>
      <div className="space-y-3 text-sm leading-relaxed text-slate-700">{children}</div>
    </section>
  );
}

export const C = ({ children }: { children: React.ReactNode }) => <code className="rounded bg-slate-100 px-1 font-mono text-[0.95em] text-slate-900">{children}</code>;

export function AccessStep({ signedIn }: { signedIn: boolean }) {
  return (
    <Step id="access" n={1} title="Get an account">
      {signedIn ? (
        <p>You are signed in: the upload form is above, and your API tokens are on your <Link href="/account" className="underline">account page</Link>.</p>
      ) : (
        <>
          <p>
            Ask for a vendor account with your email, organisation and the model you want to evaluate. You get a one-time claim code at once; a
            maintainer approves or refuses the request (with a reason), and with the code you follow it and, once approved, claim the account: that
            shows your first API token once and signs you in.
          </p>
          <p className="flex flex-wrap gap-2">
            <Link href="/access" className="rounded-md bg-emerald-700 px-3 py-1.5 font-medium text-white hover:bg-emerald-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600">
              Request vendor access
            </Link>
            <Link href="/access/claim" className="rounded-md px-3 py-1.5 font-medium text-emerald-800 ring-1 ring-inset ring-emerald-300 hover:bg-emerald-50">
              I have a claim code
            </Link>
            <Link href="/signin?next=%2Fsubmit" className="rounded-md px-3 py-1.5 font-medium text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-100">
              Sign in with a token
            </Link>
          </p>
        </>
      )}
    </Step>
  );
}

export function datasetUrl(b: Pick<GuideBenchmark, "slug" | "version">, file: string): string {
  return `/api/v1/benchmarks/${encodeURIComponent(b.slug)}/dataset/${encodeURIComponent(file)}?version=${encodeURIComponent(b.version)}`;
}

/** The download button, the files table and the CLI and curl commands (or why there is no download yet). */
export function DatasetDownload({ b, origin }: { b: GuideBenchmark; origin: string }) {
  const { slug, version } = b;
  const folder = `${slug}-${version}`;
  const url = (file: string) => datasetUrl(b, file);
  return (
    <>
      {b.dataset ? (
        <>
          <p>
            <a href={url(b.dataset.zipName)} download className="inline-block rounded-md bg-emerald-700 px-3 py-1.5 font-medium text-white hover:bg-emerald-800">
              Download {b.dataset.zipName}
            </a>
          </p>
          <DataTable
            caption={`Files of ${b.name} ${b.version} with their sizes and SHA-256 checksums`}
            scroll="Dataset files"
            className="min-w-full text-left text-xs"
            testId="dataset-files"
            headClassName="border-b border-slate-200 text-slate-600"
            cell="py-1 pr-3 font-semibold"
            columns={["File", { label: "Size", className: "py-1 pr-3 text-right font-semibold" }, { label: "SHA-256", className: "py-1 font-semibold" }]}
          >
            {b.dataset.files.map((f) => (
              <tr key={f.name}>
                <th scope="row" className="py-1 pr-3 font-normal">
                  <a href={url(f.name)} download className="font-mono text-emerald-800 underline underline-offset-2">
                    {f.name}
                  </a>
                </th>
                <td className="whitespace-nowrap py-1 pr-3 text-right tabular-nums">{formatBytes(f.bytes)}</td>
                <td className="py-1 font-mono text-slate-600">
                  <span className="break-all">{f.sha256}</span>
                </td>
              </tr>
            ))}
          </DataTable>
          <div className="grid gap-3">
            <CodeBlock title="With the execboard CLI (every checksum verified)" code={`npx execboard benchmark download ${slug} --version ${version} --out ${folder}`} />
            <CodeBlock title="With curl" code={`curl -fLO ${origin}${url(b.dataset.zipName)}\nunzip ${b.dataset.zipName} && (cd ${folder} && sha256sum -c SHA256SUMS)`} />
          </div>
        </>
      ) : (
        <p className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950">
          This version was imported before its files were kept, so it cannot be downloaded yet; a maintainer imports it again to make it available.
        </p>
      )}
    </>
  );
}

/** The metadata fields a track's uploads take, one row each: [field, what it is]. */
export function MetadataTable({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <DataTable caption="Metadata fields" className="min-w-full text-left text-xs" headClassName="border-b border-slate-200 text-slate-600" columns={[{ label: "Field", className: "py-1 pr-3 font-semibold" }, { label: "What", className: "py-1 font-semibold" }]}>
      {rows.map(([f, w]) => (
        <tr key={f}>
          <th scope="row" className="py-1 pr-3 font-mono font-normal text-slate-900">
            {f}
          </th>
          <td className="py-1">{w}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** The closing step: the API reference, the OpenAPI description and where the scores are defined. */
export function ApiStep({ n, methodology }: { n: number; methodology: string }) {
  return (
    <Step id="api" n={n} title="API reference">
      <p>
        Everything above is also an HTTP API: the <Link href="/docs/api" className="underline">API reference</Link> documents every operation with
        examples in curl, the CLI and Python, and <a href="/api/v1/openapi.json" className="underline">/api/v1/openapi.json</a> is its OpenAPI 3.1
        description. How every number is computed: <Link href={methodology} className="underline">Methodology</Link>.
      </p>
    </Step>
  );
}

/** Step 5: the metadata sent beside the file, the track's fields in a table. */
export function MetadataStep({ title, rows }: { title: string; rows: readonly (readonly [string, string])[] }) {
  return (
    <Step id="metadata" n={5} title={title}>
      <p>Sent beside the file as JSON (the form has a field for each). Only <C>model</C> and <C>provider</C> are required; the rest is shown to readers.</p>
      <MetadataTable rows={rows} />
    </Step>
  );
}

/** Step 6: the form (or how to reach it), then the track's CLI and curl commands. */
export function UploadStep({ signedIn, cli, curl, children }: { signedIn: boolean; cli: string; curl: string; children: React.ReactNode }) {
  return (
    <Step id="upload" n={6} title="Upload">
      <p>
        {signedIn ? "Use the form above, or" : <>Signed in, upload from this page (<Link href="/signin?next=%2Fsubmit" className="underline">sign in</Link>); or</>} from a
        script with your API token. {children}
      </p>
      <div className="grid gap-3">
        <CodeBlock title="execboard CLI" code={cli} />
        <CodeBlock title="curl" code={curl} />
      </div>
    </Step>
  );
}

/** The quota every upload meets, on either track. */
export function QuotaItem({ l }: { l: SubmitGuide["limits"] }) {
  return (
    <li>
      Quota per benchmark: {l.quota.perDay} submissions a day (UTC), {l.quota.total} in all, {l.quota.concurrent} being scored at once. Refused uploads and
      failures on ExecBoard&apos;s side are not charged; a file that fails scoring is.
    </li>
  );
}

/** The API's rate limit. */
export function RateItem({ l }: { l: SubmitGuide["limits"] }) {
  return (
    <li>
      API requests: {l.rate.perToken} per token every {l.rate.windowSeconds} s.
    </li>
  );
}
