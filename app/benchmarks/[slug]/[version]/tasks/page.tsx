import { notFound } from "next/navigation";
import { TaskWinnersScreen } from "@/components/repo/task-winners-screen";
import { benchmarkKindOf } from "@/lib/pages/benchmark-kind";
import { decodeSegment, type RawSearchParams } from "@/lib/pages/search-params";

export const dynamic = "force-dynamic";

// Task winners of a repository-retrieval version (other kinds have no tasks: 404).
export default async function TaskWinnersPage({ params, searchParams }: { params: Promise<{ slug: string; version: string }>; searchParams: Promise<RawSearchParams> }) {
  const { slug, version } = await params;
  if ((await benchmarkKindOf(slug)) !== "repo_retrieval") notFound();
  return <TaskWinnersScreen slug={slug} version={decodeSegment(version)} searchParams={await searchParams} />;
}
