import { listBenchmarkVersions } from "@/lib/benchmark/list-benchmark-versions";
import { handle, json } from "@/lib/http/respond";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/benchmarks – every benchmark with its versions (newest first) and their sizes
export const GET = handle(async () => json({ benchmarks: await listBenchmarkVersions() }));
