import { notFound } from "next/navigation";
import { TaskWinnersScreen } from "@/app/_server/repo/task-winners-screen";
import { orNotFound } from "@/app/_server/or-not-found";
import { loadBenchmarkKind, repoVersionMeta } from "@/app/_server/page-loaders";
import { decodeSegment, type RawSearchParams } from "@/lib/pages/search-params";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: Promise<{ slug: string; version: string }> }) {
  const { slug, version } = await params;
  return repoVersionMeta(
    slug,
    decodeSegment(version),
    (what) => `Task winners of ${what}`,
    (what) => `For each task of ${what}, the published run with the highest value, its 95% interval and the runner-up, with whether the difference is significant.`,
  );
}

// Task winners of a repository-retrieval version (other kinds have no tasks: 404).
export default async function TaskWinnersPage({ params, searchParams }: { params: Promise<{ slug: string; version: string }>; searchParams: Promise<RawSearchParams> }) {
  const { slug, version } = await params;
  if ((await orNotFound(loadBenchmarkKind(slug))).id !== "repo_retrieval") notFound();
  return <TaskWinnersScreen slug={slug} version={decodeSegment(version)} searchParams={await searchParams} />;
}
