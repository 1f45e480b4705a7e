import Link from "next/link";
import { headers } from "next/headers";
import { cache } from "react";
import { pageMeta } from "@/components/site/page-meta";
import { PageToc } from "@/components/ui/page-toc";
import { GUIDE_SECTIONS, GuideSteps } from "@/components/submit/guide-steps";
import { REPO_GUIDE_SECTIONS, RepoGuideSteps } from "@/components/submit/repo-guide-steps";
import { UploadPanel } from "@/components/submit/upload-panel";
import { getPageViewer } from "@/app/_server/page-viewer";
import { metaOrNotFound } from "@/app/_server/page-loaders";
import { siteOrigin } from "@/lib/auth/session-cookie";
import { orNotFound } from "@/app/_server/or-not-found";
import { getSubmitGuide } from "@/lib/pages/submit-guide";
import { RUN_DEPTH } from "@/lib/repo-runs/run-format";

export const dynamic = "force-dynamic";

type Search = { searchParams: Promise<{ benchmark?: string; org?: string }> };

const loadGuide = cache((slug: string | undefined) => getSubmitGuide(slug));
const slugOf = async (searchParams: Search["searchParams"]) => {
  const { benchmark } = await searchParams;
  return typeof benchmark === "string" ? benchmark : undefined;
};

export async function generateMetadata({ searchParams }: Search) {
  return metaOrNotFound(async () => {
    const b = (await loadGuide(await slugOf(searchParams))).benchmark;
    if (b?.kind === "repo_retrieval") {
      return pageMeta(
        `Submit a model to ${b.name}`,
        `Evaluate a repository context retriever on ${b.name}: download the samples and corpus, upload a run file (TREC or JSON lines, at most ${RUN_DEPTH} files a sample) or chunk embeddings, and get Recall@k, MRR and budgeted context yield with 95% intervals, private until a maintainer publishes it.`,
      );
    }
    return pageMeta(
      "Submit a model",
      "Evaluate a code-retrieval model on ExecBoard: download the benchmark, write one .npz of embeddings (or a ranking file), upload it, and get exec@k with 95% intervals, private until a maintainer publishes it.",
    );
  });
}

// Submit a model, for everyone: from nothing to a scored submission (account, download, the
// exact file format with an example, limits, what happens after the upload, review), in the
// words of the chosen benchmark's kind. Signed in, the upload form comes first.
export default async function SubmitPage({ searchParams }: Search) {
  const params = await searchParams;
  const [viewer, guide] = await Promise.all([getPageViewer(), orNotFound(loadGuide(await slugOf(searchParams)))]);
  const origin = siteOrigin(await headers()) ?? "http://localhost:3000";
  const b = guide.benchmark;
  const repo = b?.kind === "repo_retrieval";
  const sections = repo ? REPO_GUIDE_SECTIONS : GUIDE_SECTIONS;
  return (
    <div className="gap-10 lg:grid lg:grid-cols-[12rem_minmax(0,1fr)]">
      <PageToc label="On this page" narrow="hidden" entries={viewer && b ? [["upload-form", "Upload form"], ...sections] : sections} />
      <div className="min-w-0 max-w-3xl space-y-10">
        <header className="space-y-3">
          <h1 className="text-3xl font-semibold tracking-tight text-slate-900">Submit a model</h1>
          {repo ? (
            <p className="text-base leading-relaxed text-slate-700">
              Evaluate a repository context retriever on {b.name}: for each sample (a coding agent&apos;s query against a repository frozen at a commit),
              rank the files the agent needs next, and upload one run file, or embeddings of the query and of every chunk for the server to rank. Nothing is
              executed: ExecBoard scores Recall@k, MRR and how much gold fits a context budget, per task, with 95% intervals. Results stay private until a
              maintainer publishes them.
            </p>
          ) : (
            <p className="text-base leading-relaxed text-slate-700">
              Evaluate a code-retrieval model{b ? ` on ${b.name}` : ""}: download the benchmark, embed its queries and code snippets, and upload one file.
              ExecBoard ranks the whole corpus for every query, executes each query&apos;s top 10 against its tests in a sandbox, and scores exec@k with 95%
              intervals: a retrieved snippet counts only if it passes. Results stay private until a maintainer publishes them.
            </p>
          )}
          {!viewer && (
            <p className="flex flex-wrap gap-2 text-sm">
              <Link href="/access" className="rounded-md bg-emerald-700 px-3 py-1.5 font-medium text-white hover:bg-emerald-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600">
                Request vendor access
              </Link>
              <Link href="/signin?next=%2Fsubmit" className="rounded-md px-3 py-1.5 font-medium text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-100">
                Sign in
              </Link>
              <a href="#download" className="rounded-md px-3 py-1.5 font-medium text-emerald-800 ring-1 ring-inset ring-emerald-300 hover:bg-emerald-50">
                Download the benchmark
              </a>
            </p>
          )}
        </header>
        {viewer && b && <UploadPanel viewer={viewer} slug={b.slug} org={typeof params.org === "string" ? params.org : undefined} repo={b.repo} />}
        {viewer && !b && <p>No benchmark has been imported yet, so there is nothing to submit to.</p>}
        {repo ? <RepoGuideSteps guide={guide} origin={origin} signedIn={viewer !== null} /> : <GuideSteps guide={guide} origin={origin} signedIn={viewer !== null} />}
      </div>
    </div>
  );
}
