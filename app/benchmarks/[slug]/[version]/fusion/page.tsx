import { notFound } from "next/navigation";
import { FusionScreen } from "@/components/repo/fusion-screen";
import { benchmarkKindOf } from "@/lib/pages/benchmark-kind";
import { decodeSegment, type RawSearchParams } from "@/lib/pages/search-params";

export const dynamic = "force-dynamic";

// Live rank fusion of published runs of a repository-retrieval version (other kinds: 404).
export default async function FusionPage({ params, searchParams }: { params: Promise<{ slug: string; version: string }>; searchParams: Promise<RawSearchParams> }) {
  const { slug, version } = await params;
  if ((await benchmarkKindOf(slug)) !== "repo_retrieval") notFound();
  return <FusionScreen slug={slug} version={decodeSegment(version)} searchParams={await searchParams} />;
}
