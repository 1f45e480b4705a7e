import fs from "node:fs/promises";
import path from "node:path";
import { getConfig } from "@/lib/config";

// An upload session's bytes live in EXECBOARD_DATA_DIR/upload-sessions/<id>.part until the
// session is completed (then the submission's stored file is a hard link to them, see
// lib/storage/file-store.ts linkFile) or given up. Same filesystem as the stored uploads.
export function sessionFilePath(id: string): string {
  if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error(`invalid upload session id: ${id}`);
  return path.join(getConfig().EXECBOARD_DATA_DIR, "upload-sessions", `${id}.part`);
}

export async function createSessionFile(id: string): Promise<void> {
  const file = sessionFilePath(id);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await (await fs.open(file, "w")).close();
}

export async function deleteSessionFile(id: string): Promise<void> {
  await fs.rm(sessionFilePath(id), { force: true });
}
