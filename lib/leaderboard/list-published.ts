import type { SubmissionKind } from "@/lib/db/generated/enums";
// The published submissions of a benchmark version, in leaderboard order, and a key naming
// that exact set (the recompute job's identity: a new publication makes a new key).
import crypto from "node:crypto";
import { db, type Tx } from "@/lib/db/client";
import { compareByPlacement } from "./leaderboard-order";

export interface PublishedSystem {
  submissionId: string;
  model: string;
  provider: string;
  kind: SubmissionKind;
  publishedAt: string | null;
}

export async function listPublishedInOrder(versionId: number, tx?: Tx): Promise<PublishedSystem[]> {
  const subs = await (tx ?? db()).submission.findMany({
    where: { versionId, status: "published" },
    select: { id: true, modelName: true, provider: true, kind: true, publishedAt: true, metrics: { where: { name: "exec" }, select: { k: true, value: true } } },
  });
  const placed = subs.map((s) => {
    const exec = new Map(s.metrics.map((m) => [m.k, m.value]));
    return {
      exec: (k: number) => exec.get(k) ?? 0,
      publishedAt: s.publishedAt?.toISOString() ?? null,
      system: { submissionId: s.id, model: s.modelName, provider: s.provider, kind: s.kind, publishedAt: s.publishedAt?.toISOString() ?? null },
    };
  });
  placed.sort((a, b) => compareByPlacement(a, b) || (a.system.submissionId < b.system.submissionId ? -1 : 1));
  return placed.map((p) => p.system);
}

export function publishedSetKey(submissionIds: readonly string[]): string {
  return crypto.createHash("sha256").update([...submissionIds].sort().join(",")).digest("hex").slice(0, 16);
}
