import { readQuery } from "@/lib/http/read-query";
import { handle } from "@/lib/http/respond";
import { corpusQuery, corpusStream } from "@/lib/repo-benchmark/corpus-stream";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/benchmarks/{slug}/corpus – the text of a repository-retrieval version's corpus files, JSON lines in corpus order
export const GET = handle(async (request: Request, ctx: { params: Promise<{ slug: string }> }) => {
  const { slug } = await ctx.params;
  const q = readQuery(request, corpusQuery);
  const body = await corpusStream(slug, q.version, q.snapshot);
  return new Response(body, { status: 200, headers: { "content-type": "application/x-ndjson; charset=utf-8", "cache-control": q.version ? "public, max-age=31536000, immutable" : "public, max-age=60" } });
});
