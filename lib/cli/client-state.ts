import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { getConfig } from "@/lib/config";

// The CLI's memory of its uploads, so that running the same `execboard submit` again resumes
// instead of starting over: one small JSON file (EXECBOARD_STATE_DIR, default ~/.execboard)
// mapping (server URL, benchmark, file SHA-256) to the upload session and, once completed, the
// submission. Entries older than a week are dropped; writes are atomic (temp file + rename).
export interface UploadStateEntry {
  url: string;
  benchmark: string;
  sha256: string;
  size: number;
  file: string;
  uploadId: string;
  submissionId?: string;
  updatedAt: string;
}

const KEEP_MS = 7 * 24 * 3600_000;

export function stateDir(): string {
  return getConfig().EXECBOARD_STATE_DIR ?? path.join(os.homedir(), ".execboard");
}

function stateFile(): string {
  return path.join(stateDir(), "uploads.json");
}

export function stateKey(url: string, benchmark: string, sha256: string): string {
  return crypto.createHash("sha256").update(`${new URL(url).origin}\n${benchmark}\n${sha256}`).digest("hex").slice(0, 32);
}

async function readAll(): Promise<Record<string, UploadStateEntry>> {
  try {
    const parsed = JSON.parse(await fs.readFile(stateFile(), "utf8"));
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? parsed : {};
  } catch {
    return {}; // missing or unreadable: start afresh (the server still holds the sessions)
  }
}

export async function readUploadState(key: string): Promise<UploadStateEntry | undefined> {
  return (await readAll())[key];
}

export async function writeUploadState(key: string, entry: Omit<UploadStateEntry, "updatedAt"> | null): Promise<void> {
  const all = await readAll();
  const now = Date.now();
  for (const [k, e] of Object.entries(all)) if (now - Date.parse(e.updatedAt) > KEEP_MS) delete all[k];
  if (entry) all[key] = { ...entry, updatedAt: new Date(now).toISOString() };
  else delete all[key];
  await fs.mkdir(stateDir(), { recursive: true, mode: 0o700 });
  const tmp = `${stateFile()}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
  await fs.writeFile(tmp, JSON.stringify(all, null, 2), { mode: 0o600 });
  await fs.rename(tmp, stateFile());
}
