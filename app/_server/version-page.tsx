// A reader page of one benchmark version (/benchmarks/<slug>/<version>/<page>): the kind of its
// benchmark decides which screen it shows and how its metadata is worded; a page the kind does
// not have answers 404, as a missing version does.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import type { BenchmarkKindId } from "@/lib/kinds/kind";
import { decodeSegment, type RawSearchParams } from "@/lib/pages/search-params";
import { orNotFound } from "./or-not-found";
import { loadBenchmarkKind, versionMeta, type KindWords } from "./page-loaders";

type Params = Promise<{ slug: string; version: string }>;
export type VersionPageProps = { params: Params; searchParams: Promise<RawSearchParams> };
/** What a version page's screen is given: the slug, the decoded version and the query string. */
export type VersionScreenProps = { slug: string; version: string; searchParams: RawSearchParams };
type Screen = (props: VersionScreenProps) => Promise<ReactNode>;

/** The page's component: the screen of its benchmark's kind, or 404 for a kind without one. */
export function versionPage(screens: Partial<Record<BenchmarkKindId, Screen>>) {
  return async function VersionPage({ params, searchParams }: VersionPageProps) {
    const { slug, version } = await params;
    const Screen = screens[(await orNotFound(loadBenchmarkKind(slug))).id];
    if (!Screen) notFound();
    return <Screen slug={slug} version={decodeSegment(version)} searchParams={await searchParams} />;
  };
}

/** The page's generateMetadata, worded for its benchmark's kind (see versionMeta). */
export function versionMetadata(words: KindWords) {
  return async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
    const { slug, version } = await params;
    return versionMeta(slug, decodeSegment(version), words);
  };
}
