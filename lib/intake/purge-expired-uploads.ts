import fs from "node:fs/promises";
import path from "node:path";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/db/client";
import { sweepSpool } from "@/lib/storage/spool";
import { deleteSessionFile } from "./session-file";

// Gives up uploads left idle past their expiry (their bytes are deleted; the session row stays,
// cancelled, so a client asking about it learns why), and removes files of finished sessions
// and multipart uploads that a crash left behind. Runs whenever an upload is opened, so abandoned bytes never pile up
// for longer than the TTL plus the time to the next upload.
export async function purgeExpiredUploads(now = new Date()): Promise<number> {
  const stale = await db().uploadSession.findMany({
    where: { status: { in: ["open", "completing"] }, expiresAt: { lt: now } },
    select: { id: true },
  });
  for (const s of stale) {
    const moved = await db().uploadSession.updateMany({
      where: { id: s.id, status: { in: ["open", "completing"] }, expiresAt: { lt: now } },
      data: { status: "cancelled", error: "expired: no chunk arrived before its expiry", leaseUntil: null },
    });
    if (moved.count > 0) await deleteSessionFile(s.id);
  }
  await removeOrphanFiles();
  // Multipart files a crashed request left in the spool (a live request's file is written to
  // as it arrives, so anything untouched for an hour is dead).
  await sweepSpool(60 * 60_000);
  return stale.length;
}

async function removeOrphanFiles(): Promise<void> {
  const dir = path.join(getConfig().EXECBOARD_DATA_DIR, "upload-sessions");
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const ids = names.filter((n) => /^[0-9a-f-]{36}\.part$/.test(n)).map((n) => n.slice(0, 36));
  if (ids.length === 0) return;
  const live = await db().uploadSession.findMany({ where: { id: { in: ids }, status: { in: ["open", "completing"] } }, select: { id: true } });
  const keep = new Set(live.map((s) => s.id));
  // A file whose session is finished (or was never recorded) and is older than a minute.
  const cutoff = Date.now() - 60_000;
  for (const id of ids) {
    if (keep.has(id)) continue;
    const stat = await fs.stat(path.join(dir, `${id}.part`)).catch(() => null);
    if (stat && stat.mtimeMs < cutoff) await deleteSessionFile(id);
  }
}
