import { notFound } from "next/navigation";
import { TaskWinnersScreen } from "@/app/_server/repo/task-winners-screen";
import { orNotFound } from "@/app/_server/or-not-found";
import { kindOfBenchmark } from "@/lib/kinds/registry";
import { decodeSegment, type RawSearchParams } from "@/lib/pages/search-params";

export const dynamic = "force-dynamic";

// Task winners of a repository-retrieval version (other kinds have no tasks: 404).
export default async function TaskWinnersPage({ params, searchParams }: { params: Promise<{ slug: string; version: string }>; searchParams: Promise<RawSearchParams> }) {
  const { slug, version } = await params;
  if ((await orNotFound(kindOfBenchmark(slug))).id !== "repo_retrieval") notFound();
  return <TaskWinnersScreen slug={slug} version={decodeSegment(version)} searchParams={await searchParams} />;
}
