import crypto from "node:crypto";
import { db } from "@/lib/db/client";
import { objectStore } from "./file-store";

// Every process that writes or reads uploaded files (the web app, the workers, the CLI acting
// on the database) must see the same file storage. The storage carries an id in a marker
// (EXECBOARD_DATA_DIR/storage-id, or a storage-id object beside the uploads in an object store),
// the database remembers it; a process whose storage lacks the marker or carries another id
// refuses to start or to store, saying what it sees and what the database expects, instead of
// failing submissions later with ENOENT.
const KEY = "storage_id";

export class StorageMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StorageMismatchError";
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
  const store = objectStore();
  const known = await db().instanceSetting.findUnique({ where: { key: KEY } });
  const marker = await store.readMarker();
  if (known) {
    if (marker === known.value) return marker;
    throw new StorageMismatchError(
      marker === null
        ? `${store.description} is not the storage this installation uses: it has no storage-id marker, and the database expects storage ${known.value} (created ${known.createdAt.toISOString()}). Point this process at the storage the web app uses (the same EXECBOARD_DATA_DIR mount on every machine, or the same EXECBOARD_STORAGE=s3 bucket and prefix).`
        : `${store.description} holds storage ${marker}, but the database expects storage ${known.value}: this process and the web app see different files. Point this process at the storage the web app uses.`,
    );
  }
  // The first process: name the storage (keeping an id its marker already has, say after the
  // database was recreated) and record it; a concurrent first process waits on the lock and
  // then finds the record.
  return db().$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('execboard:storage-identity', 0))`;
    const again = await tx.instanceSetting.findUnique({ where: { key: KEY } });
    const current = await store.readMarker();
    if (again) {
      if (again.value !== current) throw new StorageMismatchError(`${store.description} is not the storage ${again.value} this installation uses`);
      return again.value;
    }
    const id = current ?? crypto.randomUUID();
    if (!current) await store.writeMarker(id);
    await tx.instanceSetting.create({ data: { key: KEY, value: id } });
    return id;
  });
}
