import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { AppError } from "@/lib/errors/app-error";

// Files on disk for the file-based readers, removed after each suite.
export function scratchDir(prefix: string): { dir: string; write: (name: string, data: Buffer) => string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `execboard-${prefix}-`));
  return {
    dir,
    write: (name, data) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, data);
      return file;
    },
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** What a reader did with a file: accepted it (with a summary) or refused it (code and message). */
export type Outcome = { ok: true; value: unknown } | { ok: false; code: string; message: string };

export async function outcomeOf(fn: () => unknown): Promise<Outcome> {
  try {
    return { ok: true, value: await fn() };
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return { ok: false, code: e.code, message: e.message };
  }
}
