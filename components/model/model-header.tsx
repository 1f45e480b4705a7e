import { Badge } from "@/components/ui/badge";
import { CiValue } from "@/components/ui/ci-value";
import { EditBlindBadge } from "@/components/ui/edit-blind-badge";
import { fmtDate, fmtParams, fmtPct } from "@/components/ui/format";
import type { ModelPageData } from "@/lib/pages/model-page";

const STATUS_NOTE: Record<string, string> = {
  scored: "Scored, not published",
  hidden: "Hidden from the leaderboard by a maintainer",
  rejected: "Rejected by a maintainer",
};

function statusNote(status: string, organisation: string | undefined): string | undefined {
  if (status === "failed") return "Scoring failed.";
  const why = STATUS_NOTE[status];
  if (!why) return undefined;
  return `${why}: only its owner${organisation ? `, the members of ${organisation}` : ""} and maintainers can see this page.`;
}

// The model's name, badges and invocation summary, the maintainer's notes, and the headline
// numbers a reader looks for first.
export function ModelHeader({ data }: { data: ModelPageData }) {
  const s = data.submission;
  const m = s.metrics;
  const below = data.analysis?.similarityGap.canonicalBelowShare;
  const meta = (s.metadata ?? {}) as { openWeights?: boolean; parameters?: number; license?: string; releaseDate?: string; link?: string };
  const published = s.status === "published";
  return (
    <header className="space-y-4">
      <div className="space-y-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{s.model.name}</h1>
          {s.isBaseline && <Badge>baseline</Badge>}
          {data.analysis?.ties?.editBlind && <EditBlindBadge ties={data.analysis.ties} id="edit-blind-help" />}
          {data.review.verified && (
            <Badge tone="good">
              <span aria-hidden>✓</span> verified by a maintainer
            </Badge>
          )}
          {data.review.warningNote && (
            <Badge tone="warn">
              <span aria-hidden>⚠</span> maintainer&apos;s warning
            </Badge>
          )}
          {!published && <Badge tone={s.status === "failed" || s.status === "rejected" ? "bad" : "info"}>{s.status}</Badge>}
        </div>
        <p className="text-sm text-slate-600">
          {s.model.provider} · {s.model.dims ? `${s.model.dims} dims` : "no embedding"} · <span className="font-mono">{s.model.dtype}</span> · {s.model.similarity} similarity
          {meta.openWeights !== undefined && ` · ${meta.openWeights ? "open weights" : "closed weights"}`}
          {typeof meta.parameters === "number" && ` · ${fmtParams(meta.parameters)} parameters`}
          {typeof meta.license === "string" && ` · licence ${meta.license}`}
          {typeof meta.releaseDate === "string" && ` · released ${meta.releaseDate}`}
          {typeof meta.link === "string" && (
            <>
              {" · "}
              <a href={meta.link} rel="noopener nofollow ugc" className="underline underline-offset-2 hover:text-slate-900">
                model card
              </a>
            </>
          )}
          {s.organisation && <span data-testid="submitted-by">{` · submitted by ${s.organisation.name}`}</span>}
          {s.publishedAt && ` · published ${fmtDate(s.publishedAt)}`}
        </p>
      </div>
      {data.review.warningNote && (
        <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <span className="font-semibold">Maintainer&apos;s warning: </span>
          {data.review.warningNote}
        </p>
      )}
      {!published && statusNote(s.status, s.organisation?.name) && (
        <p role="note" className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950">
          {statusNote(s.status, s.organisation?.name)}
          {data.review.reason && <span className="mt-1 block">Reason given: {data.review.reason}</span>}
        </p>
      )}
      {s.status === "failed" && s.error && <p className="rounded-lg border border-rose-200 bg-rose-50 p-3 text-sm text-rose-900">Failed: {s.error}</p>}
      {m && (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {[1, 5, 10].map((k) => {
            const v = m.exec[String(k)];
            return v ? (
              <div key={k} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
                <dt className="text-xs font-medium text-slate-600">exec@{k}</dt>
                <dd className="mt-1 text-lg">
                  <CiValue value={v.value} ci={v.ci95} align="start" />
                </dd>
              </div>
            ) : null;
          })}
          {below && (
            <div className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
              <dt className="text-xs font-medium text-slate-600">canonical outscored by a near-clone</dt>
              <dd className="mt-1 text-lg">
                {below.available ? (
                  <span className="inline-flex flex-col items-start leading-tight">
                    <span className="font-semibold">{fmtPct(below.value)}</span>
                    <span className="text-[10.5px] text-slate-500">
                      <span className="sr-only">95% CI </span>[{fmtPct(below.ci95[0])}, {fmtPct(below.ci95[1])}]
                    </span>
                  </span>
                ) : (
                  <span className="text-sm text-slate-500">not available</span>
                )}
              </dd>
            </div>
          )}
        </dl>
      )}
    </header>
  );
}
