import Link from "next/link";
import { SubmitForm } from "@/components/submission/submit-form";
import type { Principal } from "@/lib/auth/principal";
import type { RepoGuideFacts } from "@/lib/pages/submit-guide";
import { getSubmitContext } from "@/lib/account/get-submit-context";
import { listOrganisations } from "@/lib/organisations/list-organisations";
import { getQuota } from "@/lib/quotas/get-quota";
import { livenessWarning, workerLiveness } from "@/lib/queue/worker-liveness";

// The signed-in part of the Submit page: which benchmark and on whose behalf, what remains of
// the quota, and the upload form (checked in the browser before anything is sent).
// For a repository-retrieval benchmark (`repo`), the form takes run files and chunk embeddings.
export async function UploadPanel({ viewer, slug, org: orgSlug, repo }: { viewer: Principal; slug: string; org?: string; repo?: RepoGuideFacts | null }) {
  const ctx = await getSubmitContext(slug);
  const b = ctx.benchmark!;
  // "Submit as": the vendor personally, or one of the organisations they are a member of.
  const organisations = (await listOrganisations(viewer)).organisations.filter((o) => o.yourRole !== null);
  const org = organisations.find((o) => o.slug === orgSlug);
  const quota = await getQuota(viewer, { benchmark: b.slug, organisation: org?.slug });
  const quotaOwner = org ? `${org.name}'s` : "Your";
  const workers = livenessWarning(await workerLiveness());
  return (
    <section id="upload-form" aria-labelledby="upload-heading" className="space-y-4 rounded-xl border border-emerald-300 bg-white p-4 shadow-sm sm:p-6">
      <header className="space-y-2">
        <h2 id="upload-heading" className="text-xl font-semibold tracking-tight">
          Submit to {b.name}
        </h2>
        <p className="text-sm text-slate-600">
          Scored against version <strong>{b.version}</strong>:{" "}
          {repo
            ? `${repo.samples} samples over ${repo.repositories} repositories, ${repo.files} corpus files.`
            : `${b.queryIds.length} queries, ${b.corpusIds.length} corpus snippets.`}{" "}
          Results stay private to{" "}
          {org ? `the members of ${org.name}` : "you"} and the maintainers until a maintainer publishes them.
        </p>
        {(ctx.benchmarks.length > 1 || organisations.length > 0) && (
          <form method="get" action="/submit" className="flex flex-wrap items-end gap-2 text-sm">
            {ctx.benchmarks.length > 1 ? (
              <>
                <label htmlFor="benchmark" className="font-medium">
                  Benchmark
                </label>
                <select id="benchmark" name="benchmark" defaultValue={b.slug} className="rounded border border-slate-300 bg-white px-2 py-1">
                  {ctx.benchmarks.map((x) => (
                    <option key={x.slug} value={x.slug}>
                      {x.name}
                    </option>
                  ))}
                </select>
              </>
            ) : (
              <input type="hidden" name="benchmark" value={b.slug} />
            )}
            {organisations.length > 0 && (
              <>
                <label htmlFor="org" className="font-medium">
                  Submit as
                </label>
                <select id="org" name="org" defaultValue={org?.slug ?? ""} className="rounded border border-slate-300 bg-white px-2 py-1">
                  <option value="">{viewer.email} (personal)</option>
                  {organisations.map((o) => (
                    <option key={o.slug} value={o.slug}>
                      {o.name}
                    </option>
                  ))}
                </select>
              </>
            )}
            <button type="submit" className="rounded border border-slate-300 px-3 py-1 hover:bg-slate-100">
              Switch
            </button>
          </form>
        )}
        <p data-testid="quota-line" className={`rounded border px-3 py-2 text-sm ${quota.available > 0 ? "border-slate-200 bg-white" : "border-rose-300 bg-rose-50 text-rose-900"}`}>
          {quota.available > 0 ? (
            <>
              {org ? `As ${org.name}, you` : "You"} can start <strong>{quota.available}</strong> more submission{quota.available === 1 ? "" : "s"} now ({quota.remaining.perDay} left today,{" "}
              {quota.remaining.concurrent} of {quota.limits.concurrent} scoring slots free, {quota.remaining.total} left in total).
            </>
          ) : (
            <>
              {quotaOwner} quota on this benchmark is used up for now (see{" "}
              <Link prefetch={false} href="/account/submissions" className="underline">
                My submissions
              </Link>
              ); an upload would be refused.
            </>
          )}
        </p>
      </header>
      {workers && (
        <p role="alert" data-testid="worker-warning" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <span className="font-semibold">Scoring is paused: </span>
          {workers}. An upload is still checked and kept now, and scored once that changes.
        </p>
      )}
      <SubmitForm slug={b.slug} organisation={org?.slug} queryIds={b.queryIds} corpusIds={b.corpusIds} maxBytes={ctx.maxBytes} repo={repo ? { sampleIds: repo.sampleIds } : undefined} />
    </section>
  );
}
