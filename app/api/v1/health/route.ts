import { db } from "@/lib/db/client";
import { handle, json } from "@/lib/http/respond";
import { getExecboardVersion } from "@/lib/provenance/execboard-version";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/health – liveness plus a database round trip, and the build answering
export const GET = handle(async () => {
  await db().$queryRaw`SELECT 1`;
  return json({ ok: true, execboard: getExecboardVersion() });
});
