import { describe, expect, it } from "vitest";
import { RunnerPool, type RunnerEvents, type RunnerProcess } from "@/lib/sandbox/runner-pool";
import { OUTCOME_PATTERN } from "@/lib/sandbox/runner-protocol";
import { RUNNER_VERSION, type ExecPair } from "@/lib/sandbox/types";

// The scheduling logic against scripted fake runners: the cases real runners rarely produce
// on demand (hangs, deaths, garbage output, engines that cannot start).

// Like runner.py, a fake runner greets first, then handles one pair at a time, in order;
// `behave` must call `next()` once it has answered (a hanging pair never does).
type Behaviour = (pair: { id: string; tests: string[]; code: string }, events: RunnerEvents, next: () => void) => void;

const HELLO = { runnerVersion: RUNNER_VERSION, optimize: 0, isolated: 1, dontWriteBytecode: 1, pid1: true, execFilter: true, separateUids: true, labelPattern: OUTCOME_PATTERN };

function fakeStarter(behave: Behaviour, hello: object = HELLO) {
  const stats = { started: 0, destroyed: 0 };
  const start = async (events: RunnerEvents): Promise<RunnerProcess> => {
    stats.started++;
    setTimeout(() => events.onStdout(Buffer.from(JSON.stringify({ hello }) + "\n")), 0);
    let dead = false;
    let busy = false;
    const backlog: { id: string; tests: string[]; code: string }[] = [];
    const next = () => {
      busy = false;
      const pair = backlog.shift();
      if (!pair || dead) return;
      busy = true;
      setTimeout(() => !dead && behave(pair, events, next), 1);
    };
    return {
      write: (line) => {
        for (const l of line.split("\n").filter(Boolean)) backlog.push(JSON.parse(l)); // one write may carry several pairs
        if (!busy) next();
      },
      destroy: async () => {
        if (!dead) stats.destroyed++;
        dead = true;
      },
    };
  };
  return { start, stats };
}

const reply = (events: RunnerEvents, id: string, outcomes: string[], next: () => void, extra: object = {}) => {
  const line = { id, outcomes, passed: outcomes.every((o) => o === "pass"), durationMs: 1, inProcess: [], ...extra };
  events.onStdout(Buffer.from(JSON.stringify(line) + "\n"));
  next();
};

const pairs = (n: number, code = "ok"): ExecPair[] =>
  Array.from({ length: n }, (_, i) => ({ id: `p${i}`, code, tests: ["assert 1"], timeoutMs: 50 }));

describe("RunnerPool", () => {
  it("recycles runners after pairsPerRunner and keeps results in input order", async () => {
    const { start, stats } = fakeStarter((p, e, n) => reply(e, p.id, ["pass"], n));
    const pool = new RunnerPool({ concurrency: 1, start, pairsPerRunner: 3 });
    const results = await pool.run(pairs(7));
    expect(results.map((r) => r.id)).toEqual(pairs(7).map((p) => p.id));
    expect(results.every((r) => r.passed)).toBe(true);
    expect(stats.started).toBe(3);
    await pool.close();
    expect(stats.destroyed).toBe(3);
  });

  it("times out a pair whose runner hangs and finishes the rest on a fresh runner", async () => {
    const { start, stats } = fakeStarter((p, e, n) => p.code !== "hang" && reply(e, p.id, ["pass"], n));
    const pool = new RunnerPool({ concurrency: 1, start, timeoutMarginMs: 20 });
    const batch = [...pairs(2), { id: "hang", code: "hang", tests: ["a", "b"], timeoutMs: 30 }, ...pairs(2)];
    const results = await pool.run(batch);
    expect(results.map((r) => r.outcomes)).toEqual([["pass"], ["pass"], ["TIMEOUT", "TIMEOUT"], ["pass"], ["pass"]]);
    expect(stats.started).toBe(2);
    await pool.close();
  });

  it("retries a pair whose runner dies once, then records FAIL:Crash", async () => {
    const { start } = fakeStarter((p, e, n) => (p.code === "die" ? e.onExit("killed") : reply(e, p.id, ["pass"], n)));
    const pool = new RunnerPool({ concurrency: 1, start });
    const results = await pool.run([...pairs(1), { id: "die", code: "die", tests: ["a"] }, ...pairs(1)]);
    expect(results.map((r) => r.outcomes)).toEqual([["pass"], ["FAIL:Crash"], ["pass"]]);
    await pool.close();
  });

  it("treats garbage or forged output as a dead runner", async () => {
    let forged = 0;
    const { start } = fakeStarter((p, e, n) => {
      if (p.code === "forge" && forged++ === 0) return e.onStdout(Buffer.from('{"id":"999","outcomes":["pass"],"passed":true,"durationMs":0}\n'));
      if (p.code === "garbage") return e.onStdout(Buffer.from("x".repeat(2048)));
      reply(e, p.id, ["pass"], n);
    });
    const pool = new RunnerPool({ concurrency: 1, start, maxLineBytes: 1024 });
    const results = await pool.run([...pairs(1), { id: "forge", code: "forge", tests: ["a"] }, { id: "garbage", code: "garbage", tests: ["a"] }]);
    expect(results.map((r) => r.outcomes)).toEqual([["pass"], ["pass"], ["FAIL:Crash"]]);
    await pool.close();
  });

  it("retires a runner that asks to be recycled and moves its queued pairs to a fresh one", async () => {
    const { start, stats } = fakeStarter((p, e, n) => reply(e, p.id, ["pass"], n, p.code === "dirty" ? { recycle: "left 1 file(s)" } : {}));
    const pool = new RunnerPool({ concurrency: 1, start, pipelineDepth: 3 });
    const results = await pool.run([...pairs(1), { id: "dirty", code: "dirty", tests: ["a"] }, ...pairs(3)]);
    expect(results.every((r) => r.passed)).toBe(true);
    expect(stats.started).toBe(2);
    expect(pool.stats.recycled).toBe(1);
    await pool.close();
  });

  it("runs a pair a runner handed back on another runner, without charging it", async () => {
    let handedBack = 0;
    const { start, stats } = fakeStarter((p, e, n) => {
      if (p.code === "unlucky" && handedBack++ === 0) return e.onStdout(Buffer.from(JSON.stringify({ id: p.id, requeue: "fork server died" }) + "\n"));
      reply(e, p.id, ["pass"], n);
    });
    const pool = new RunnerPool({ concurrency: 1, start });
    const results = await pool.run([...pairs(1), { id: "unlucky", code: "unlucky", tests: ["a"] }, ...pairs(1)]);
    expect(results.map((r) => r.outcomes)).toEqual([["pass"], ["pass"], ["pass"]]);
    expect(stats.started).toBe(2);
    await pool.close();
  });

  it("refuses a runner whose hello says it runs optimised, or another version", async () => {
    for (const [hello, message] of [
      [{ ...HELLO, optimize: 1 }, /runs optimised/],
      [{ ...HELLO, runnerVersion: "0" }, /runner version 0, expected/],
      [{ ...HELLO, pid1: false }, /not PID 1/],
      [{ ...HELLO, separateUids: false }, /uid of their own/],
      [{ ...HELLO, labelPattern: "^(pass|FAIL|TIMEOUT|FAIL:[\\w.]{1,100}|ERROR:[\\w.]{1,100})$" }, /outcome grammar/],
    ] as const) {
      const { start } = fakeStarter((p, e, n) => reply(e, p.id, ["pass"], n), hello);
      const pool = new RunnerPool({ concurrency: 1, start, require: { pid1: true, separateUids: true } });
      await expect(pool.run(pairs(2))).rejects.toThrow(message);
      await pool.close();
    }
  });

  it("charges a lane's death to its pair: the rest pass, the pair is FAIL:Crash once a canary shows the runners work", async () => {
    const seen: string[] = [];
    const { start } = fakeStarter((p, e, n) => {
      seen.push(p.code);
      return p.code === "die" ? e.onExit("killed") : reply(e, p.id, ["pass"], n);
    });
    const pool = new RunnerPool({ concurrency: 1, start });
    // The killer comes first, in a fresh pool: nothing has completed yet when it kills its lanes.
    const results = await pool.run([{ id: "die", code: "die", tests: ["a"] }, ...pairs(3)]);
    expect(results.map((r) => r.outcomes)).toEqual([["FAIL:Crash"], ["pass"], ["pass"], ["pass"]]);
    // Its first death sent it to the back of the queue, behind the others.
    expect(seen.indexOf("die")).toBe(0);
    expect(seen.lastIndexOf("die")).toBe(seen.length - 1);
    await pool.close();
  });

  it("runs a known-good canary before recording FAIL:Crash when nothing else has completed", async () => {
    const seen: string[] = [];
    const { start } = fakeStarter((p, e, n) => {
      seen.push(p.code);
      return p.code === "die" ? e.onExit("killed") : reply(e, p.id, ["pass"], n);
    });
    const pool = new RunnerPool({ concurrency: 1, start });
    const results = await pool.run([{ id: "die", code: "die", tests: ["a", "b"] }]);
    expect(results.map((r) => r.outcomes)).toEqual([["FAIL:Crash", "FAIL:Crash"]]);
    expect(seen).toEqual(["die", "die", expect.stringContaining("def one()"), "die"]);
    await pool.close();
  });

  it("fails the callers when even the canary dies", async () => {
    const { start } = fakeStarter((_p, e) => e.onExit("segfault"));
    const pool = new RunnerPool({ concurrency: 1, start });
    await expect(pool.run(pairs(1))).rejects.toThrow(/known-good pair was running when its runner died.*segfault/);
    await pool.close();
  });

  it("treats a pair whose result breaks the protocol like a pair that kills its lane", async () => {
    const { start } = fakeStarter((p, e, n) =>
      p.code === "odd" ? e.onStdout(Buffer.from(JSON.stringify({ id: p.id, outcomes: ["FAIL:Ошибка"], passed: false, durationMs: 1, inProcess: [] }) + "\n")) : reply(e, p.id, ["pass"], n),
    );
    const pool = new RunnerPool({ concurrency: 2, start });
    const results = await pool.run([...pairs(2), { id: "odd", code: "odd", tests: ["a"] }, ...pairs(2)]);
    expect(results.map((r) => r.outcomes)).toEqual([["pass"], ["pass"], ["FAIL:Crash"], ["pass"], ["pass"]]);
    await pool.close();
  });

  it("fails the callers when runners die before their hello", async () => {
    const start = async (events: RunnerEvents): Promise<RunnerProcess> => {
      setTimeout(() => events.onExit("no such image"), 0);
      return { write: () => undefined, destroy: async () => undefined };
    };
    const pool = new RunnerPool({ concurrency: 1, start });
    await expect(pool.run(pairs(2))).rejects.toThrow(/keeps failing.*no such image/);
    await pool.close();
  });

  it("caps what a runner prints between two results, not over its whole life", async () => {
    const { start } = fakeStarter((p, e, n) => reply(e, p.id, ["pass"], n));
    const pool = new RunnerPool({ concurrency: 1, start, maxBytesPerRunner: 400, pairsPerRunner: 1000 });
    const results = await pool.run(pairs(40)); // ~100 bytes each: 4,000 in all, on one runner
    expect(results.every((r) => r.passed)).toBe(true);
    await pool.close();
  });

  it("fails the callers when runners cannot start", async () => {
    const pool = new RunnerPool({ concurrency: 2, start: async () => Promise.reject(new Error("no engine")) });
    await expect(pool.run(pairs(3))).rejects.toThrow("no engine");
    await pool.close();
  });

  it("fails the callers when runners die before ever answering", async () => {
    const { start } = fakeStarter((_p, e) => e.onExit("import error"));
    const pool = new RunnerPool({ concurrency: 1, start });
    await expect(pool.run(pairs(2))).rejects.toThrow(/keeps failing.*import error/);
    await pool.close();
  });

  it("drops queued pairs of an aborted run", async () => {
    const { start } = fakeStarter((p, e, n) => setTimeout(() => reply(e, p.id, ["pass"], n), 20));
    const pool = new RunnerPool({ concurrency: 1, start });
    const controller = new AbortController();
    const aborted = pool.run(pairs(50), { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("stop")), 30);
    await expect(aborted).rejects.toThrow("stop");
    expect((await pool.run(pairs(2))).length).toBe(2);
    await pool.close();
    await expect(pool.run(pairs(1))).rejects.toThrow("closed");
  });
});
