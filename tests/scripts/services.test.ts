import { execFile } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// The shell helpers npm start and npm test stand on (scripts/services.sh), run for real: what
// setup installs on a machine with only a Docker client, and whether the services npm start
// runs keep their data through a power cut (tests' throwaway services need not).
const ROOT = path.resolve(".");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "execboard-services-"));
fs.chmodSync(scratch, 0o755);

function bash(script: string, env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile("/bin/bash", ["-c", `source scripts/services.sh; ${script}`], { cwd: ROOT, env: { ...process.env, ...env }, timeout: 120_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe("scripts/services.sh", () => {
  it("asks for the Docker engine when a machine has only a docker client", async () => {
    const bin = path.join(scratch, "bin");
    fs.mkdirSync(bin, { recursive: true });
    for (const tool of ["docker", "redis-server", "debootstrap", "bwrap", "curl", "chromium"]) {
      fs.writeFileSync(path.join(bin, tool), "#!/bin/sh\nexit 0\n", { mode: 0o755 });
    }
    const clientOnly = await bash("eb_missing_packages --with-browser", { PATH: bin });
    expect(clientOnly.stdout.trim().split(" ")).toContain("docker.io");
    fs.writeFileSync(path.join(bin, "dockerd"), "#!/bin/sh\nexit 0\n", { mode: 0o755 });
    const withEngine = await bash("eb_missing_packages --with-browser", { PATH: bin });
    expect(withEngine.stdout.trim().split(" ")).not.toContain("docker.io");
  });

  it("starts Postgres with fsync on unless asked for a throwaway cluster", { timeout: 180_000 }, async () => {
    const dir = path.join(scratch, "pg");
    const port = await freePort();
    const show = `"$(eb_pg_bin)/psql" "$DATABASE_URL" -tAc "SHOW fsync"`;
    const durable = await bash(`eb_start_postgres ${dir} ${port} durable && ${show}; eb_stop_postgres`);
    expect(durable.stdout.trim()).toBe("on");
    const fast = await bash(`eb_start_postgres ${dir} ${port} durable fast && ${show}; eb_stop_postgres`);
    expect(fast.stdout.trim()).toBe("off");
  });

  it("starts Redis with an append-only file unless asked for a throwaway one", async () => {
    const port = await freePort();
    const durable = await bash(`eb_start_redis ${path.join(scratch, "redis")} ${port} && redis-cli -p ${port} CONFIG GET appendonly | tail -1; redis-cli -p ${port} shutdown nosave >/dev/null 2>&1; true`);
    expect(durable.stdout.trim()).toBe("yes");
    const port2 = await freePort();
    const fast = await bash(`eb_start_redis ${path.join(scratch, "redis2")} ${port2} fast && redis-cli -p ${port2} CONFIG GET appendonly | tail -1; redis-cli -p ${port2} shutdown nosave >/dev/null 2>&1; true`);
    expect(fast.stdout.trim()).toBe("no");
  });
});
