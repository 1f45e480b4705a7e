import { notFound } from "next/navigation";
import { FusionScreen } from "@/app/_server/repo/fusion-screen";
import { orNotFound } from "@/app/_server/or-not-found";
import { kindOfBenchmark } from "@/lib/kinds/registry";
import { decodeSegment, type RawSearchParams } from "@/lib/pages/search-params";

export const dynamic = "force-dynamic";

// Live rank fusion of published runs of a repository-retrieval version (other kinds: 404).
export default async function FusionPage({ params, searchParams }: { params: Promise<{ slug: string; version: string }>; searchParams: Promise<RawSearchParams> }) {
  const { slug, version } = await params;
  if ((await orNotFound(kindOfBenchmark(slug))).id !== "repo_retrieval") notFound();
  return <FusionScreen slug={slug} version={decodeSegment(version)} searchParams={await searchParams} />;
}
