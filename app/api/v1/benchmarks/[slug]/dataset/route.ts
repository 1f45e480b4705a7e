import { datasetQuery, describeDataset } from "@/lib/benchmark/dataset";
import { readQuery } from "@/lib/http/read-query";
import { handle, json } from "@/lib/http/respond";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/benchmarks/{slug}/dataset – what a version's download holds: each file with its size and SHA-256, and where to get it
export const GET = handle(async (request: Request, ctx: { params: Promise<{ slug: string }> }) => {
  const { slug } = await ctx.params;
  const { version } = readQuery(request, datasetQuery);
  const d = await describeDataset(slug, version);
  const url = (name: string) => `/api/v1/benchmarks/${encodeURIComponent(d.slug)}/dataset/${encodeURIComponent(name)}?version=${encodeURIComponent(d.version)}`;
  return json({ ...d, zip: url(d.zipName), files: d.files.map((f) => ({ ...f, url: url(f.name) })) });
});
