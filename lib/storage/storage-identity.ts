import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/db/client";

// Every process that writes or reads uploaded files (the web app, the workers, the CLI acting
// on the database) must see the same file storage. The storage carries an id in a marker file
// (EXECBOARD_DATA_DIR/storage-id), the database remembers it; a process whose storage lacks the
// marker or carries another id refuses to start or to store, saying what it sees and what the
// database expects, instead of failing submissions later with ENOENT.
const KEY = "storage_id";
const MARKER = "storage-id";

export class StorageMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StorageMismatchError";
  }
}

function markerPath(): string {
  return path.join(getConfig().EXECBOARD_DATA_DIR, MARKER);
}

async function readMarker(): Promise<string | null> {
  try {
    return (await fs.readFile(markerPath(), "utf8")).trim() || null;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
}

let checked: Promise<string> | null = null;

/** The check itself, uncached (assertSameStorage caches it for the process). */
export function checkSameStorage(): Promise<string> {
  return check();
}

/**
 * The storage's id, after checking it is the storage the database knows (the first process to
 * ask names it: the marker is written and the id recorded). Checked once per process.
 */
export function assertSameStorage(): Promise<string> {
  checked ??= check().catch((e) => {
    checked = null;
    throw e;
  });
  return checked;
}

async function check(): Promise<string> {
  const dir = getConfig().EXECBOARD_DATA_DIR;
  const known = await db().instanceSetting.findUnique({ where: { key: KEY } });
  const marker = await readMarker();
  if (known) {
    if (marker === known.value) return marker;
    throw new StorageMismatchError(
      marker === null
        ? `EXECBOARD_DATA_DIR=${dir} is not the storage this installation uses: it has no ${MARKER} file, and the database expects storage ${known.value} (created ${known.createdAt.toISOString()}). Point EXECBOARD_DATA_DIR at the directory the web app uses (the same mount on every machine).`
        : `EXECBOARD_DATA_DIR=${dir} holds storage ${marker}, but the database expects storage ${known.value}: this process and the web app see different files. Point EXECBOARD_DATA_DIR at the directory the web app uses.`,
    );
  }
  // The first process: name the storage (keeping an id its marker already has, say after the
  // database was recreated) and record it; a concurrent first process waits on the lock and
  // then finds the record.
  return db().$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('execboard:storage-identity', 0))`;
    const again = await tx.instanceSetting.findUnique({ where: { key: KEY } });
    if (again) {
      if (again.value !== (await readMarker())) throw new StorageMismatchError(`EXECBOARD_DATA_DIR=${dir} is not the storage ${again.value} this installation uses`);
      return again.value;
    }
    const id = marker ?? crypto.randomUUID();
    if (!marker) {
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(markerPath(), `${id}\n`, { flag: "wx" }).catch(async (e) => {
        if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      });
    }
    const written = (await readMarker()) ?? id;
    await tx.instanceSetting.create({ data: { key: KEY, value: written } });
    return written;
  });
}
