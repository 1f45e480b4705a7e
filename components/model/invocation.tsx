import Link from "next/link";
import { versionPath } from "@/components/benchmark/paths";
import { fmtDate, fmtParams } from "@/components/ui/format";
import type { ModelPageData } from "@/lib/pages/model-page";

const META: [string, string][] = [
  ["revision", "Revision"],
  ["link", "Link"],
  ["openWeights", "Open weights"],
  ["parameters", "Parameters"],
  ["license", "Licence"],
  ["releaseDate", "Released"],
  ["dimensions", "Declared dimensions"],
  ["queryPrefix", "Query prefix"],
  ["passagePrefix", "Passage prefix"],
  ["notes", "Notes"],
];

function show(v: unknown, key = ""): string {
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (key === "parameters" && typeof v === "number") return `${fmtParams(v)} (${v.toLocaleString("en")})`;
  if (v === "") return "(empty string)";
  return typeof v === "string" ? v : JSON.stringify(v);
}

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-0.5 py-1.5 sm:grid-cols-[11rem_1fr] sm:gap-3">
      <dt className="text-slate-600">{term}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

// How the vendor produced the submission (their metadata: prefixes, dtype, similarity) and
// where its numbers come from (benchmark version, scoring, bootstrap).
export function InvocationSection({ data }: { data: ModelPageData }) {
  const s = data.submission;
  const meta = (s.metadata ?? {}) as Record<string, unknown>;
  const pv = s.provenance;
  const b = data.analysis?.bootstrap;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div>
        <h3 className="mb-1 text-sm font-semibold text-slate-900">Invocation</h3>
        <dl className="divide-y divide-slate-100 text-sm">
          <Row term="Submission kind">{data.kind === "ranking" ? "ranking file (the vendor ranked)" : "embeddings (.npz, ranked by ExecBoard)"}</Row>
          <Row term="Similarity">{s.model.similarity}</Row>
          <Row term="Dimensions">{s.model.dims || "—"}</Row>
          <Row term="Dtype">
            <span className="font-mono">{s.model.dtype}</span>
          </Row>
          {META.filter(([k]) => meta[k] !== undefined).map(([k, label]) => (
            <Row key={k} term={label}>
              {k === "link" && typeof meta[k] === "string" ? (
                <a href={meta[k] as string} rel="nofollow noopener" className="break-all text-emerald-800 underline underline-offset-2">
                  {meta[k] as string}
                </a>
              ) : (
                <span className={k.endsWith("Prefix") ? "whitespace-pre-wrap font-mono" : ""}>{show(meta[k], k)}</span>
              )}
            </Row>
          ))}
        </dl>
      </div>
      <div>
        <h3 className="mb-1 text-sm font-semibold text-slate-900">Provenance</h3>
        <dl className="divide-y divide-slate-100 text-sm">
          <Row term="Benchmark version">
            <Link href={versionPath(s.benchmark.slug, s.benchmark.version)} className="font-mono text-emerald-800 underline underline-offset-2">
              {s.benchmark.slug} {s.benchmark.version}
            </Link>
          </Row>
          {pv && (
            <>
              <Row term="Benchmark source">
                <span className="break-all font-mono text-xs">sha256 {pv.benchmarkSha256}</span>
              </Row>
              <Row term="Scoring engine">{pv.scoringEngine !== null ? `version ${pv.scoringEngine}` : "not recorded (scored before engines were: engine 1)"}</Row>
              <Row term="Sandbox runner">{pv.runnerVersion ? `version ${pv.runnerVersion}` : "not recorded (scored before provenance was kept)"}</Row>
              <Row term="Sandbox">
                {pv.sandboxBackend ?? "not recorded"}
                {pv.sandboxImage && <span className="block break-all font-mono text-xs">{pv.sandboxImage}</span>}
              </Row>
              <Row term="ExecBoard">
                {pv.execboardVersion ?? "not recorded"}
                {pv.execboardCommit && <span className="ml-1 font-mono text-xs">({pv.execboardCommit.slice(0, 12)})</span>}
              </Row>
            </>
          )}
          {s.evaluations.length > 1 && (
            <Row term="Scoring runs">
              {s.evaluations.length}; these results are run {s.evaluations.find((e) => e.current)?.seq ?? "—"}
            </Row>
          )}
          <Row term="Submitted">{fmtDate(s.createdAt)}</Row>
          <Row term="Scored">{fmtDate(s.scoredAt)}</Row>
          <Row term="Published">{s.publishedAt ? fmtDate(s.publishedAt) : "not published"}</Row>
          <Row term="Analyses computed">{fmtDate(data.computedAt)}</Row>
          {data.analysis && <Row term="Analysis engine">version {data.analysis.engineVersion}</Row>}
          {b && (
            <Row term="Intervals">
              {b.replicates.toLocaleString("en")} bootstrap replicates, seed <span className="font-mono">{b.seed}</span>; {b.method}
            </Row>
          )}
        </dl>
      </div>
    </div>
  );
}
