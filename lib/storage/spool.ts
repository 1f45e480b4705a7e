import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { getConfig } from "@/lib/config";

// Files a request brings in (a multipart upload's file part) are written here while they
// arrive, under EXECBOARD_DATA_DIR like stored files, so that keeping one is a hard link and
// never a copy. Each request removes its own; what a crashed process left behind is swept by
// age (sweepSpool, run with the expired-upload purge).
export function spoolDir(): string {
  return path.join(getConfig().EXECBOARD_DATA_DIR, "incoming");
}

/** Makes sure the spool directory exists; then spoolPath() names a fresh file in it. */
export async function prepareSpool(): Promise<void> {
  await fs.mkdir(spoolDir(), { recursive: true });
}

/** A fresh path in the spool directory. */
export function spoolPath(): string {
  return path.join(spoolDir(), `${crypto.randomUUID()}.part`);
}

/** Deletes spooled files older than `maxAgeMs` (no request takes that long); returns how many. */
export async function sweepSpool(maxAgeMs: number, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(spoolDir());
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith(".part")) continue;
    const file = path.join(spoolDir(), name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat && now - stat.mtimeMs > maxAgeMs) {
      await fs.rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
