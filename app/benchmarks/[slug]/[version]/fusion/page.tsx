import { notFound } from "next/navigation";
import { FusionScreen } from "@/app/_server/repo/fusion-screen";
import { orNotFound } from "@/app/_server/or-not-found";
import { loadBenchmarkKind, repoVersionMeta } from "@/app/_server/page-loaders";
import { decodeSegment, type RawSearchParams } from "@/lib/pages/search-params";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: Promise<{ slug: string; version: string }> }) {
  const { slug, version } = await params;
  return repoVersionMeta(
    slug,
    decodeSegment(version),
    (what) => `Fuse runs on ${what}`,
    (what) => `Reciprocal rank fusion (k = 60) of 2 to 4 published runs of ${what}, scored live like any submission and compared with each input by the paired sign-flip test.`,
  );
}

// Live rank fusion of published runs of a repository-retrieval version (other kinds: 404).
export default async function FusionPage({ params, searchParams }: { params: Promise<{ slug: string; version: string }>; searchParams: Promise<RawSearchParams> }) {
  const { slug, version } = await params;
  if ((await orNotFound(loadBenchmarkKind(slug))).id !== "repo_retrieval") notFound();
  return <FusionScreen slug={slug} version={decodeSegment(version)} searchParams={await searchParams} />;
}
