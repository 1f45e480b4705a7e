import Link from "next/link";
import { versionPath } from "@/components/benchmark/paths";
import { pageMeta } from "@/components/site/page-meta";
import { getChangelog, type ChangelogEntry } from "@/lib/pages/changelog";

export const dynamic = "force-dynamic";
export const metadata = pageMeta(
  "Changelog",
  "What changed on ExecBoard: every benchmark version, scoring-engine and sandbox-runner version, and every re-scoring of published results.",
);

const KIND_LABEL: Record<ChangelogEntry["kind"], string> = {
  "benchmark-version": "Benchmark version",
  engine: "Scoring engine",
  runner: "Sandbox runner",
  rescore: "Re-scoring",
};

const SCOPE: Record<string, string> = {
  outdated: "published results from another runner version",
  "all-published": "every published result",
  "outdated-engine": "published results of an older scoring engine",
};

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : null);

function Entry({ e }: { e: ChangelogEntry }) {
  switch (e.kind) {
    case "benchmark-version":
      return (
        <>
          <p className="font-medium text-slate-900">
            <Link href={versionPath(e.slug, e.version)} className="underline underline-offset-2">
              {e.benchmark} {e.version}
            </Link>{" "}
            imported: {e.queries.toLocaleString("en")} queries, {e.corpus.toLocaleString("en")} snippets.
          </p>
          {e.description && <p className="mt-1 line-clamp-3 text-slate-600">{e.description}</p>}
        </>
      );
    case "engine":
    case "runner":
      return (
        <>
          <p className="font-medium text-slate-900">
            {e.kind === "engine" ? "Scoring engine" : "Sandbox runner"} {e.version}
            {e.current && " (current)"}
            {e.kind === "engine" && ` for ${e.kindTitle}`}
            {e.at ? `: ${e.evaluations.toLocaleString("en")} scoring runs here, ${day(e.at)} to ${day(e.lastAt)}.` : ": in use; no run scored with it yet."}
          </p>
          <p className="mt-1 text-slate-600">{e.note ?? "No notes recorded for this version."}</p>
        </>
      );
    case "rescore":
      return (
        <>
          <p className="font-medium text-slate-900">
            {e.benchmark}: {SCOPE[e.scope] ?? e.scope} re-scored, asked by {e.requestedBy}
            {e.reason ? ` (${e.reason})` : ""}.
          </p>
          <p className="mt-1 text-slate-600">
            {e.counts.total} submission{e.counts.total === 1 ? "" : "s"}: {e.counts.done} re-scored
            {e.counts.failed > 0 && `, ${e.counts.failed} failed (their earlier results stand)`}
            {e.counts.pending > 0 && `, ${e.counts.pending} still pending`}. Every earlier result stays attributable to the run that produced it.
          </p>
        </>
      );
  }
}

// The changelog: what changed in the benchmarks, in what the numbers mean (scoring engine), in how
// code is executed (sandbox runner), and when published results were scored again.
export default async function ChangelogPage() {
  const entries = await getChangelog();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight">Changelog</h1>
        <p className="text-sm text-slate-600">
          Newest first. Results are never reinterpreted: when the scoring engine or the sandbox runner changes, published results are re-scored and both
          runs stay on record (each model page lists its scoring runs). Dates are this installation&apos;s, in UTC.
        </p>
      </header>
      {entries.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">Nothing has happened yet.</p>
      ) : (
        <ol className="relative space-y-4 border-l border-slate-200 pl-5" aria-label="Changes, newest first">
          {entries.map((e, i) => (
            <li key={i} data-kind={e.kind} className="relative text-sm">
              <span aria-hidden className="absolute -left-[1.63rem] top-1.5 h-2.5 w-2.5 rounded-full border-2 border-white bg-emerald-600" />
              <p className="text-xs font-medium uppercase tracking-wide text-slate-600">
                {KIND_LABEL[e.kind]}
                {e.at && (
                  <>
                    {" · "}
                    <time dateTime={e.at}>{day(e.at)}</time>
                  </>
                )}
              </p>
              <div className="mt-0.5">
                <Entry e={e} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
