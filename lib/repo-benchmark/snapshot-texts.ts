// The text of every file of a snapshot, in path order, for the baselines (which read whole
// repositories) and the drilldown.
import { db } from "@/lib/db/client";

const decoder = new TextDecoder();

export async function snapshotTexts(snapshotId: number): Promise<{ path: string; text: string }[]> {
  const rows = await db().$queryRaw<{ path: string; content: Uint8Array }[]>`
    SELECT f.path, b.content FROM repo_snapshot_files f JOIN repo_blobs b ON b.sha256 = f.blob_sha256 WHERE f.snapshot_id = ${snapshotId}`;
  const out = rows.map((r) => ({ path: r.path, text: decoder.decode(r.content) }));
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** One file's text, or null. */
export async function fileText(snapshotId: number, path: string): Promise<string | null> {
  const rows = await db().$queryRaw<{ content: Uint8Array }[]>`
    SELECT b.content FROM repo_snapshot_files f JOIN repo_blobs b ON b.sha256 = f.blob_sha256 WHERE f.snapshot_id = ${snapshotId} AND f.path = ${path}`;
  return rows.length ? decoder.decode(rows[0].content) : null;
}
