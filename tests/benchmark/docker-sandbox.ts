import { afterAll, beforeAll } from "vitest";
import { disconnectDb } from "@/lib/db/client";
import { createSandbox } from "@/lib/sandbox";
import type { Sandbox } from "@/lib/sandbox/types";

/**
 * For the suites that build or import benchmarks: call inside `describe`. A Docker sandbox is
 * created before the suite's tests (before its later beforeAll hooks too) and closed after them,
 * with the database connection. Returns the sandbox, for use once the suite has started.
 */
export function dockerSandboxForSuite(): () => Sandbox {
  let sandbox: Sandbox | undefined;
  beforeAll(async () => {
    sandbox = await createSandbox({ backend: "docker" });
  });
  afterAll(async () => {
    await sandbox?.close();
    await disconnectDb();
  });
  return () => {
    if (!sandbox) throw new Error("the suite's sandbox is created in beforeAll");
    return sandbox;
  };
}
