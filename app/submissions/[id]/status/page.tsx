import Link from "next/link";
import { EditBlindBadge } from "@/components/ui/edit-blind-badge";
import { SubmissionProgress } from "@/components/submission/submission-progress";
import { orNotFound } from "@/app/_server/or-not-found";
import { loadSubmission, metaOrNotFound } from "@/app/_server/page-loaders";
import { pageMeta } from "@/components/site/page-meta";
import { loadTies } from "@/lib/analysis/load-ties";
import { canonicalTieShare } from "@/lib/pages/ties-view";
import { kindOfBenchmark } from "@/lib/kinds/registry";
import { livenessWarning, workerLiveness } from "@/lib/queue/worker-liveness";
import { isFinal } from "@/lib/submissions/status";

export const dynamic = "force-dynamic";
export async function generateMetadata({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return metaOrNotFound(async () => {
    const s = await loadSubmission(id);
    return pageMeta(`Status of ${s.model.name}`, `Where ${s.model.name} stands in scoring on ${s.benchmark.slug} ${s.benchmark.version}: ${s.status}.`, { noindex: true });
  });
}

// A submission's live status for its owner (and maintainers; published ones for anyone). Anyone
// else gets the same 404 as for an id that does not exist.
export default async function SubmissionStatusPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const view = await orNotFound(loadSubmission(id));
  const ties = (await loadTies([view.id])).get(view.id) ?? null;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header className="space-y-1">
        <p className="text-sm text-slate-600">
          <Link prefetch={false} href="/account/submissions" className="hover:text-slate-900">
            My submissions
          </Link>{" "}
          / {view.benchmark.slug} {view.benchmark.version}
        </p>
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold tracking-tight">
          {view.model.name}
          {ties?.editBlind && <EditBlindBadge ties={ties} id="edit-blind-help" />}
        </h1>
        <p className="text-sm text-slate-600">
          {view.model.provider} · {view.model.dtype === "ranking" ? "ranking file" : `${view.model.dims} dimensions, ${view.model.dtype}, ${view.model.similarity}`} · submitted{" "}
          <time dateTime={view.createdAt}>{view.createdAt.slice(0, 16).replace("T", " ")} UTC</time>
        </p>
      </header>
      {ties?.editBlind && (
        <p role="note" data-testid="edit-blind-note" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <span className="font-semibold">Edit-blind: </span>
          these embeddings give a canonical and its own single-edit distractor exactly the same score in {Math.round(canonicalTieShare(ties) * 100)}% of
          pairs, so between them the results are chance (every number already counts them so). Maintainers see this flag when they review, and a
          published result carries it. Snippets that differ in code should get different embeddings.
        </p>
      )}
      <SubmissionProgress
        initial={view}
        families={(await kindOfBenchmark(view.benchmark.slug)).presentation.metrics}
        workerWarning={isFinal(view.status) ? null : livenessWarning(await workerLiveness())}
      />
    </div>
  );
}
