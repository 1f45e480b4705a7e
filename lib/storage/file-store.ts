import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { getConfig } from "@/lib/config";

// Uploaded files live under EXECBOARD_DATA_DIR/uploads, named by a key the database keeps.
// Writes go to a temporary name first and are renamed into place, so a crash never leaves a
// half-written file under a real key.
function root(): string {
  return path.join(getConfig().EXECBOARD_DATA_DIR, "uploads");
}

function resolveKey(key: string): string {
  if (!/^[a-z0-9][a-z0-9._-]*$/i.test(key)) throw new Error(`invalid storage key: ${key}`);
  return path.join(root(), key);
}

export async function putFile(key: string, data: Uint8Array): Promise<void> {
  const target = resolveKey(key);
  await fs.mkdir(path.dirname(target), { recursive: true });
  const tmp = `${target}.${crypto.randomBytes(6).toString("hex")}.partial`;
  await fs.writeFile(tmp, data);
  await fs.rename(tmp, target);
}

// Stores a file already on disk (a completed upload session) under `key` without copying it: a
// hard link, so the original stays until its owner removes it and a failed insert can simply
// delete the key again. Both must be on one filesystem (both live under EXECBOARD_DATA_DIR).
export async function linkFile(key: string, fromPath: string): Promise<void> {
  const target = resolveKey(key);
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.rm(target, { force: true });
  await fs.link(fromPath, target);
}

/** Where a stored file is on disk, for readers that stream it instead of loading it. */
export function filePath(key: string): string {
  return resolveKey(key);
}

export async function getFile(key: string): Promise<Buffer> {
  return fs.readFile(resolveKey(key));
}

export async function deleteFile(key: string): Promise<void> {
  await fs.rm(resolveKey(key), { force: true });
}
