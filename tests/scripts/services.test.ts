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

describe("eb_flags", () => {
  it("sets each declared flag to 1 when given and 0 when not, and stops at anything else with the usage", async () => {
    const set = await bash(`set -u; eb_flags "usage: x [--force] [--strict]" --force --strict -- --strict; echo "$force $strict"`);
    expect(set.stdout.trim()).toBe("0 1");
    const none = await bash(`set -u; eb_flags "usage: x [--app]" --app --; echo "$app"`);
    expect(none.stdout.trim()).toBe("0");
    const bad = await bash(`eb_flags "usage: x [--app]" --app -- --app --apps; echo reached`);
    expect(bad.code).toBe(1);
    expect(bad.stdout).not.toContain("reached");
    expect(bad.stderr).toContain("usage: x [--app]");
  });
});

describe("eb_supervise", () => {
  it("starts a process again each time it dies, waiting longer each time, and stops it when stopped", { timeout: 60_000 }, async () => {
    const runs = path.join(scratch, "runs.log");
    const pidFile = path.join(scratch, "supervisor.pid");
    // The supervised command records the time of each start and dies at once. The shell waits
    // for three starts, stops the supervisor, then waits out the next backoff (4 s).
    const out = await bash(
      `eb_supervise dying bash -c 'date +%s.%N >> ${runs}; exit 3'; echo "\${EB_STARTED_PIDS[0]}" > ${pidFile}; ` +
        `for i in $(seq 1 200); do [ "$(wc -l < ${runs} 2>/dev/null || echo 0)" -ge 3 ] && break; sleep 0.1; done; eb_stop_all; sleep 5; cat ${runs}`,
    );
    const starts = out.stdout.trim().split("\n").map(Number);
    expect(starts).toHaveLength(3); // none after the supervisor was stopped
    const [gap1, gap2] = [starts[1] - starts[0], starts[2] - starts[1]];
    expect(gap1).toBeGreaterThanOrEqual(0.95); // 1 s
    expect(gap2).toBeGreaterThanOrEqual(1.95); // then 2 s
    expect(gap2).toBeGreaterThan(gap1);
    expect(out.stderr).toMatch(/dying exited with code 3 after 0s; starting it again in 1s/);
    expect(out.stderr).toMatch(/starting it again in 2s/);
    const pid = Number(fs.readFileSync(pidFile, "utf8"));
    expect(() => process.kill(pid, 0)).toThrow();
  });
});
