import { db } from "@/lib/db/client";
import { handle, json } from "@/lib/http/respond";
import { getExecboardVersion } from "@/lib/provenance/execboard-version";
import { livenessWarning, workerLiveness } from "@/lib/queue/worker-liveness";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/health – liveness plus a database round trip, the build answering, and how many
// workers are alive (the web app answers while none is; it says so)
export const GET = handle(async () => {
  await db().$queryRaw`SELECT 1`;
  const workers = await workerLiveness();
  const warning = livenessWarning(workers);
  return json({ ok: true, execboard: getExecboardVersion(), workers, warnings: warning ? [warning] : [] });
});
