import { describe, expect, it } from "vitest";
import { LINGER_MAX_BYTES, lingerThenCancel } from "@/lib/http/linger";

// A refused request body is drained in the background (so the client, still sending, reads the
// refusal instead of a connection reset), within a bound, and then cancelled.

function source(totalBytes: number, chunk: number) {
  const state = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= totalBytes) return controller.close();
      const n = Math.min(chunk, totalBytes - state.pulled);
      state.pulled += n;
      controller.enqueue(new Uint8Array(n));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { body, state };
}

async function settle(state: { pulled: number }): Promise<void> {
  for (let last = -1; last !== state.pulled; ) {
    last = state.pulled;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("lingerThenCancel", () => {
  it("reads a short body to its end and leaves it be", async () => {
    const { body, state } = source(3 * 1024 * 1024, 64 * 1024);
    lingerThenCancel(body);
    await settle(state);
    expect(state.pulled).toBe(3 * 1024 * 1024);
    expect(state.cancelled).toBe(false);
  });

  it("stops a body that runs on after its bound, and cancels it", async () => {
    const chunk = 1024 * 1024;
    const { body, state } = source(4 * LINGER_MAX_BYTES, chunk);
    lingerThenCancel(body.getReader());
    await settle(state);
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeGreaterThan(LINGER_MAX_BYTES);
    expect(state.pulled).toBeLessThanOrEqual(LINGER_MAX_BYTES + 2 * chunk);
  });

  it("does nothing without a body", () => {
    expect(() => lingerThenCancel(null)).not.toThrow();
  });
});
