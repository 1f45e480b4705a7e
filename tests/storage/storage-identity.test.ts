import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { db, disconnectDb } from "@/lib/db/client";

// A process pointed at storage other than the installation's refuses, naming both; the
// installation's own storage passes. The test database already knows its storage (the test web
// process named it at start-up); this file looks at other directories through fresh modules.
const realDir = process.env.EXECBOARD_DATA_DIR!;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "storage-id-"));

async function checkWith(dataDir: string): Promise<string> {
  vi.resetModules();
  vi.stubEnv("EXECBOARD_DATA_DIR", dataDir);
  const { checkSameStorage } = await import("@/lib/storage/storage-identity");
  return checkSameStorage();
}

afterAll(async () => {
  vi.unstubAllEnvs();
  fs.rmSync(scratch, { recursive: true, force: true });
  await disconnectDb();
});

describe("storage identity", () => {
  it("passes for the storage the database knows", async () => {
    const known = await db().instanceSetting.findUnique({ where: { key: "storage_id" } });
    expect(known).not.toBeNull();
    expect(await checkWith(realDir)).toBe(known!.value);
    expect(fs.readFileSync(path.join(realDir, "storage-id"), "utf8").trim()).toBe(known!.value);
  });

  it("refuses an empty directory, saying what the database expects and what to do", async () => {
    const empty = path.join(scratch, "empty");
    fs.mkdirSync(empty);
    const e = await checkWith(empty).catch((err: Error) => err);
    expect(e).toBeInstanceOf(Error);
    expect((e as Error).name).toBe("StorageMismatchError");
    expect((e as Error).message).toContain(`directory ${empty}/uploads (EXECBOARD_DATA_DIR=${empty}) is not the storage this installation uses: it has no storage-id marker`);
    expect((e as Error).message).toMatch(/the database expects storage [0-9a-f-]{36}/);
    expect((e as Error).message).toMatch(/Point this process at the storage the web app uses/);
    // Nothing was written into the wrong directory.
    expect(fs.readdirSync(empty)).toEqual([]);
  });

  it("refuses another installation's storage", async () => {
    const other = path.join(scratch, "other");
    fs.mkdirSync(other);
    fs.writeFileSync(path.join(other, "storage-id"), "00000000-0000-4000-8000-000000000000\n");
    const e = await checkWith(other).catch((err: Error) => err);
    expect((e as Error).message).toMatch(/\(EXECBOARD_DATA_DIR=.*other\) holds storage 00000000-0000-4000-8000-000000000000, but the database expects storage/);
  });
});
