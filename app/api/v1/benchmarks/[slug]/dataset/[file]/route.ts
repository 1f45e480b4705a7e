import { datasetFile, datasetQuery } from "@/lib/benchmark/dataset";
import { readQuery } from "@/lib/http/read-query";
import { etagMatches } from "@/lib/http/etag";
import { handle } from "@/lib/http/respond";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/benchmarks/{slug}/dataset/{file} – one file of a version's download (benchmark.json, queries.jsonl, corpus.jsonl, LICENSE.txt, SHA256SUMS) or all of them as <slug>-<version>.zip
export const GET = handle(async (request: Request, ctx: { params: Promise<{ slug: string; file: string }> }) => {
  const { slug, file } = await ctx.params;
  const { version } = readQuery(request, datasetQuery);
  const f = await datasetFile(slug, file, version);
  const etag = `"${f.sha256}"`;
  const headers = {
    "content-type": f.contentType,
    "content-disposition": `attachment; filename="${f.name}"`,
    etag,
    "x-content-sha256": f.sha256,
    // A version never changes; the newest-version form of the URL may.
    "cache-control": version ? "public, max-age=31536000, immutable" : "public, max-age=60",
  };
  if (etagMatches(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(f.content), { status: 200, headers });
});
