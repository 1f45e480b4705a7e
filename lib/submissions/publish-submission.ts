import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { requestVersionRecompute } from "@/lib/leaderboard/request-recompute";
import { transition } from "./status";

// A maintainer makes a scored submission public. Only `scored` submissions can be published;
// publishing twice is harmless. Either way the version's cross-submission statistics are
// queued for recomputation (a no-op job when they already describe this published set).
export async function publishSubmission(id: string): Promise<{ id: string; status: "published" }> {
  const s = await db().submission.findUnique({ where: { id }, select: { status: true, versionId: true } });
  if (!s) throw new AppError("NOT_FOUND", `no submission ${id}`);
  if (s.status === "published") {
    await queueRecompute(s.versionId);
    return { id, status: "published" };
  }
  if (s.status !== "scored") {
    throw new AppError("CONFLICT", `submission ${id} is ${s.status}; only scored submissions can be published`);
  }
  const moved = await transition(id, "published", { allowFromFinal: true, message: "published by a maintainer" });
  if (!moved) throw new AppError("CONFLICT", `submission ${id} changed while publishing; try again`);
  await queueRecompute(s.versionId);
  return { id, status: "published" };
}

// The publication stands even if the queue is down; the version's statistics then report
// themselves stale until the next publication queues a recomputation.
async function queueRecompute(versionId: number): Promise<void> {
  try {
    await requestVersionRecompute(versionId);
  } catch (e) {
    console.error(`[publish] could not queue the statistics recomputation of version ${versionId}: ${(e as Error).message}`);
  }
}
