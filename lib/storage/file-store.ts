import path from "node:path";
import { getConfig } from "@/lib/config";
import { localStore } from "./local-store";
import type { ObjectStore } from "./object-store";
import { s3Store } from "./s3-store";

// Accepted uploads, named by a key the database keeps, in the store EXECBOARD_STORAGE chooses
// (object-store.ts): a directory under EXECBOARD_DATA_DIR, or an S3-compatible object store.
let store: ObjectStore | null = null;

export function objectStore(): ObjectStore {
  if (!store) {
    const c = getConfig();
    if (c.EXECBOARD_STORAGE === "s3") {
      if (!c.EXECBOARD_S3_BUCKET) throw new Error("EXECBOARD_STORAGE=s3 needs EXECBOARD_S3_BUCKET (and EXECBOARD_S3_ENDPOINT for a server other than AWS)");
      store = s3Store({
        endpoint: c.EXECBOARD_S3_ENDPOINT,
        region: c.EXECBOARD_S3_REGION,
        bucket: c.EXECBOARD_S3_BUCKET,
        prefix: c.EXECBOARD_S3_PREFIX,
        accessKeyId: c.EXECBOARD_S3_ACCESS_KEY_ID,
        secretAccessKey: c.EXECBOARD_S3_SECRET_ACCESS_KEY,
        forcePathStyle: c.EXECBOARD_S3_FORCE_PATH_STYLE,
        cacheDir: path.join(c.EXECBOARD_DATA_DIR, "object-cache"),
      });
    } else {
      store = localStore(c.EXECBOARD_DATA_DIR);
    }
  }
  return store;
}

function checkKey(key: string): string {
  if (!/^[a-z0-9][a-z0-9._-]*$/i.test(key)) throw new Error(`invalid storage key: ${key}`);
  return key;
}

export async function putFile(key: string, data: Uint8Array): Promise<void> {
  await objectStore().put(checkKey(key), data);
}

// Stores a file already on disk (a completed upload session, a spooled multipart file) without
// reading it whole: a hard link in a directory store (so a failed insert can simply delete the
// key again), a streaming upload to an object store.
export async function linkFile(key: string, fromPath: string): Promise<void> {
  await objectStore().putFromPath(checkKey(key), fromPath);
}

/**
 * Runs `fn` with a path on this machine's disk holding the stored file (a working copy when the
 * store is remote, deleted afterwards), for readers that stream a file instead of loading it.
 */
export async function withStoredFile<T>(key: string, fn: (path: string) => Promise<T>): Promise<T> {
  const handle = await objectStore().open(checkKey(key));
  try {
    return await fn(handle.path);
  } finally {
    await handle.release();
  }
}

export async function deleteFile(key: string): Promise<void> {
  await objectStore().delete(checkKey(key));
}

/** Where a stored file lies in a directory store (for operators' tools and tests); an object store has no such path. */
export function localStoredPath(key: string): string {
  const c = getConfig();
  if (c.EXECBOARD_STORAGE !== "local") throw new Error("stored files have a local path only with EXECBOARD_STORAGE=local");
  return path.join(c.EXECBOARD_DATA_DIR, "uploads", checkKey(key));
}
