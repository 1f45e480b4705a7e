import net from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";

// A Redis connection that cannot reach its server (Redis stopped before the process, at
// shutdown or in an outage) says so once, in its own words, instead of ioredis's "Unhandled
// error event" on every retry.
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("the Redis connection factory", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it("reports a lost connection once while it keeps retrying", async () => {
    vi.stubEnv("REDIS_URL", `redis://127.0.0.1:${await closedPort()}`);
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { createRedis } = await import("@/lib/queue/connection");
    const redis = createRedis("queue");
    let failures = 0;
    redis.on("error", () => failures++);
    await vi.waitFor(() => expect(failures).toBeGreaterThanOrEqual(3), { timeout: 10_000, interval: 50 });
    redis.disconnect();
    const said = errors.mock.calls.map((c) => String(c[0]));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^\[redis queue\] connect ECONNREFUSED 127\.0\.0\.1:\d+; reconnecting$/);
  });
});
