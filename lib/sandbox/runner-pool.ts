import { LineSplitter } from "./line-splitter";
import { encodePair, helloProblem, parseRunnerLine, uniformOutcomes, type HelloRequirements } from "./runner-protocol";
import { DEFAULT_TIMEOUT_MS, type ExecPair, type ExecResult, type RunOptions, type TestObservation, type TestOutcome } from "./types";

// Backend-neutral scheduling of pairs onto long-lived runner.py processes ("lanes"): a shared
// queue, a few pairs pipelined per lane to hide round trips, a wall-clock backstop per pair,
// recycling after N pairs or whenever the runner asks (after a timeout, a crash, an OOM kill,
// an output flood or anything a pair left behind), and recovery when a lane dies. A lane's
// first line must be the runner's hello, which is checked (version, -I -B, never optimised,
// the outcome grammar, and what the backend requires of its sandbox).
//
// Whose fault a dead lane is: the pair it was running when it died, if it had greeted. Such a
// pair goes to the back of the queue (the others go on first) and, if it kills a lane again,
// is recorded as FAIL:Crash; but only once some pair has completed in this pool, or a
// known-good canary pair run for the purpose has, so that a broken environment fails the
// callers instead of being cached as the candidates' verdicts. Deaths before the hello, and
// runners that cannot start, are the environment's. Backends only start and stop runners.

export interface RunnerEvents {
  onStdout(chunk: Buffer): void;
  /** The runner ended on its own (not through destroy()). */
  onExit(detail: string): void;
}

export interface RunnerProcess {
  write(line: string): void;
  /** Kill the runner and release everything it holds. Idempotent. */
  destroy(): Promise<void>;
}

export type StartRunner = (events: RunnerEvents) => Promise<RunnerProcess>;

/**
 * Pairs per runner before it is retired, unasked. Isolation between pairs does not depend on it
 * (every pair gets a fresh child and a sweep); it bounds how long trusted processes live.
 * Measured on core (docs/measurements/2026-12-03-sandbox-profile.md): a runner's memory levels
 * off (runner 76 MB, judge 19, fork server 15 after 14,547 pairs), its verdicts are the same at
 * any age, and retiring at 500 cost 20-30% of the pool's throughput (a lane's start and cold
 * caches); at 5,000 the same costs are spread over ten times the pairs.
 */
export const PAIRS_PER_RUNNER = 5000;

export interface PoolOptions {
  concurrency: number;
  start: StartRunner;
  /** Pairs a runner serves before it is retired for a fresh one (PAIRS_PER_RUNNER by default). */
  pairsPerRunner?: number;
  pipelineDepth?: number;
  /** Added to a pair's timeoutMs before Node gives up on the runner's own timeout. */
  timeoutMarginMs?: number;
  maxLineBytes?: number;
  /** What a runner may print between two results (a runner spewing output is broken). */
  maxBytesPerRunner?: number;
  /** What the runner's hello must say of its sandbox. */
  require?: HelloRequirements;
}

export interface PoolStats {
  /** Runners started. */
  started: number;
  /** Runners retired at their own request or for a timeout seen from Node. */
  recycled: number;
}

interface Batch {
  results: (ExecResult | undefined)[];
  remaining: number;
  done: boolean;
  onResult?: (r: ExecResult) => void;
  resolve(results: ExecResult[]): void;
  reject(err: unknown): void;
  cleanup(): void;
}

interface Job {
  wireId: string;
  pair: ExecPair;
  index: number;
  batch: Batch;
  /** Lanes that died while this pair ran. */
  attempts: number;
  /** Times a runner handed it back unrun (an earlier pair had broken its sandbox). */
  requeues: number;
  /** A known-good pair run to tell a broken environment from a pair that kills lanes. */
  canary?: boolean;
}

interface Lane {
  runner?: RunnerProcess;
  dead: boolean;
  greeted: boolean;
  inflight: Job[];
  served: number;
  bytes: number;
  splitter: LineSplitter;
  timer?: NodeJS.Timeout;
  headSince: number;
}

// Lanes that die before their hello, before any pair has completed, fail the callers after
// this many (a bad image, a broken runner).
const MAX_DEATHS_BEFORE_FIRST_RESULT = 3;
// A pair whose lane dies this many times is recorded as FAIL:Crash.
const MAX_ATTEMPTS = 2;
// A runner hands a pair back when it could not run it through no doing of its own (its
// sandbox broke); the pair is not charged for that, but it cannot bounce forever either.
const MAX_REQUEUES = 3;
// Runners that cannot even start (engine gone, image missing) fail the callers, not loop.
const MAX_CONSECUTIVE_START_FAILURES = 3;
const CANARY: ExecPair = { id: "canary", code: "def one():\n    return 1\n", tests: ["assert one() == 1"], timeoutMs: DEFAULT_TIMEOUT_MS };

export class RunnerPool {
  private queue: Job[] = [];
  private readonly lanes: (Lane | undefined)[];
  private readonly tracked = new Set<Promise<unknown>>();
  private seq = 0;
  private everServed = false;
  private canaryQueued = false;
  private earlyDeaths = 0;
  private startFailures = 0;
  private closed = false;
  private readonly depth: number;
  private readonly pairsPerRunner: number;
  private readonly marginMs: number;
  private readonly maxLineBytes: number;
  private readonly maxBytesPerRunner: number;
  readonly stats: PoolStats = { started: 0, recycled: 0 };

  constructor(private readonly opts: PoolOptions) {
    this.lanes = new Array(opts.concurrency).fill(undefined);
    this.depth = opts.pipelineDepth ?? 2;
    this.pairsPerRunner = opts.pairsPerRunner ?? PAIRS_PER_RUNNER;
    this.marginMs = opts.timeoutMarginMs ?? 3000;
    this.maxLineBytes = opts.maxLineBytes ?? 1 << 20;
    this.maxBytesPerRunner = opts.maxBytesPerRunner ?? 8 << 20;
  }

  run(pairs: ExecPair[], opts: RunOptions = {}): Promise<ExecResult[]> {
    if (this.closed) return Promise.reject(new Error("sandbox is closed"));
    const { signal, onResult } = opts;
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (pairs.length === 0) return Promise.resolve([]);
    return new Promise<ExecResult[]>((resolve, reject) => {
      const onAbort = () => this.failBatch(batch, signal?.reason ?? new Error("aborted"));
      const batch: Batch = {
        results: new Array(pairs.length).fill(undefined),
        remaining: pairs.length,
        done: false,
        onResult,
        resolve,
        reject,
        cleanup: () => signal?.removeEventListener("abort", onAbort),
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      pairs.forEach((pair, index) => this.queue.push({ wireId: String(++this.seq), pair, index, batch, attempts: 0, requeues: 0 }));
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.failAll(new Error("sandbox closed"));
    for (const lane of this.lanes) if (lane) this.killLane(lane, false);
    while (this.tracked.size) await Promise.allSettled([...this.tracked]);
  }

  private track(p: Promise<unknown>): void {
    const t = p.catch(() => undefined).finally(() => this.tracked.delete(t));
    this.tracked.add(t);
  }

  private pump(): void {
    if (this.closed) return;
    for (let i = 0; i < this.lanes.length; i++) {
      let lane = this.lanes[i];
      if (!lane || lane.dead) {
        if (this.queue.length === 0) continue;
        lane = this.lanes[i] = this.startLane();
      }
      this.fill(lane);
    }
  }

  private startLane(): Lane {
    this.stats.started++;
    const lane: Lane = {
      dead: false,
      greeted: false,
      inflight: [],
      served: 0,
      bytes: 0,
      splitter: new LineSplitter(this.maxLineBytes),
      headSince: 0,
    };
    const started = this.opts.start({
      onStdout: (chunk) => this.onStdout(lane, chunk),
      onExit: (detail) => this.onLaneFault(lane, `runner exited: ${detail}`),
    });
    this.track(
      started.then(
        async (runner) => {
          this.startFailures = 0;
          if (lane.dead || this.closed) return runner.destroy();
          lane.runner = runner;
          this.fill(lane);
        },
        (err: unknown) => {
          lane.dead = true;
          if (++this.startFailures >= MAX_CONSECUTIVE_START_FAILURES) this.failAll(err);
          else this.pump();
        },
      ),
    );
    return lane;
  }

  private fill(lane: Lane): void {
    // A deep pipeline is topped up once half of it has drained, several pairs in one write:
    // each write costs a round through the container engine.
    if (lane.inflight.length > 0 && lane.inflight.length > this.depth / 2) return;
    let lines = "";
    while (!lane.dead && lane.runner && lane.inflight.length < this.depth) {
      if (lane.served + lane.inflight.length >= this.pairsPerRunner) break;
      const job = this.queue.shift();
      if (!job) break;
      lane.inflight.push(job);
      lines += encodePair(job.wireId, job.pair);
      if (lane.inflight.length === 1) this.armHead(lane);
    }
    if (lines && lane.runner && !lane.dead) lane.runner.write(lines); // one write for the lot
  }

  /** The runner works through pairs in order, so only the head's clock is running. */
  private armHead(lane: Lane): void {
    clearTimeout(lane.timer);
    const head = lane.inflight[0];
    if (!head) return;
    lane.headSince = Date.now();
    const budget = (head.pair.timeoutMs ?? DEFAULT_TIMEOUT_MS) + this.marginMs;
    lane.timer = setTimeout(() => this.onHeadTimeout(lane), budget);
  }

  private onStdout(lane: Lane, chunk: Buffer): void {
    if (lane.dead) return;
    lane.bytes += chunk.length;
    if (lane.bytes > this.maxBytesPerRunner) return this.onLaneFault(lane, `runner printed more than ${this.maxBytesPerRunner} bytes without a result`);
    let lines: string[];
    try {
      lines = lane.splitter.push(chunk);
    } catch (err) {
      return this.onLaneFault(lane, (err as Error).message);
    }
    for (const line of lines) {
      if (lane.dead) return;
      if (line.trim()) this.onLine(lane, line);
    }
  }

  private onLine(lane: Lane, line: string): void {
    const msg = parseRunnerLine(line);
    if (!lane.greeted) return this.onGreeting(lane, msg, line);
    const head = lane.inflight[0];
    if (!msg || !head || (msg.kind !== "result" && msg.kind !== "error" && msg.kind !== "requeue") || msg.id !== head.wireId) {
      return this.onLaneFault(lane, `unexpected runner output: ${line.slice(0, 200)}`);
    }
    if (msg.kind === "requeue") return this.onRequeue(lane);
    if (msg.kind === "result" && msg.outcomes.length !== head.pair.tests.length) {
      return this.onLaneFault(lane, `runner returned ${msg.outcomes.length} outcomes for ${head.pair.tests.length} tests`);
    }
    lane.inflight.shift();
    lane.served++;
    lane.bytes = 0;
    this.everServed = true;
    if (msg.kind === "error") this.failBatch(head.batch, new Error(`runner rejected pair ${head.pair.id}: ${msg.error}`));
    else if (msg.kind === "result") this.settle(head, msg.outcomes, msg.durationMs, msg.inProcessTests, msg.observations);
    if (msg.kind === "result" && msg.recycle !== undefined) {
      // The runner has stopped reading; pairs already written to it go to another lane.
      this.stats.recycled++;
      this.killLane(lane, true);
    } else {
      this.armHead(lane);
      if (lane.served >= this.pairsPerRunner && lane.inflight.length === 0) this.killLane(lane, true);
    }
    this.pump();
  }

  private onRequeue(lane: Lane): void {
    const head = lane.inflight.shift()!;
    this.stats.recycled++;
    this.killLane(lane, true);
    this.charge(head, ++head.requeues > MAX_REQUEUES, "handed back");
    this.pump();
  }

  /**
   * A lane died (or handed `job` back) while `job` ran. Until it has done so too often the pair
   * waits at the back of the queue; then it is FAIL:Crash, once this pool has shown that its
   * runners work at all (a canary runs first if nothing has completed yet).
   */
  private charge(job: Job, exhausted: boolean, how: string): void {
    if (job.canary) return this.failAll(new Error(`sandbox runner keeps failing: a known-good pair was ${how} too`));
    if (!exhausted) {
      this.queue.push(job);
      return;
    }
    if (this.everServed) {
      this.settle(job, uniformOutcomes(job.pair, "FAIL:Crash"), 0, []);
      return;
    }
    this.queue.unshift(job);
    if (!this.canaryQueued) {
      this.canaryQueued = true;
      this.queue.unshift({ wireId: String(++this.seq), pair: CANARY, index: 0, batch: this.canaryBatch(), attempts: 0, requeues: 0, canary: true });
    }
  }

  private canaryBatch(): Batch {
    return {
      results: [undefined],
      remaining: 1,
      done: false,
      resolve: ([r]) => {
        this.canaryQueued = false;
        if (!r.passed) this.failAll(new Error(`sandbox runner is broken: a known-good pair gave ${r.outcomes.join(", ")}`));
      },
      reject: () => {
        this.canaryQueued = false;
      },
      cleanup: () => undefined,
    };
  }

  private onGreeting(lane: Lane, msg: ReturnType<typeof parseRunnerLine>, line: string): void {
    let problem: string | undefined;
    if (msg?.kind === "hello") problem = helloProblem(msg.hello, this.opts.require);
    else if (msg?.kind === "fatal") problem = msg.fatal;
    else problem = `expected the runner's hello, got: ${line.slice(0, 200)}`;
    if (problem === undefined) {
      lane.greeted = true;
      return;
    }
    // A runner that is the wrong version or runs optimised will not get better on retry.
    this.killLane(lane, true);
    this.failAll(new Error(`sandbox runner refused: ${problem}`));
  }

  private onHeadTimeout(lane: Lane): void {
    if (lane.dead) return;
    const head = lane.inflight.shift();
    if (!head) return;
    this.settle(head, uniformOutcomes(head.pair, "TIMEOUT"), Date.now() - lane.headSince, []);
    this.stats.recycled++;
    this.killLane(lane, true);
    this.pump();
  }

  private onLaneFault(lane: Lane, detail: string): void {
    if (lane.dead || this.closed) return;
    const head = lane.greeted ? lane.inflight.shift() : undefined;
    if (!head && !this.everServed && ++this.earlyDeaths >= MAX_DEATHS_BEFORE_FIRST_RESULT) {
      this.killLane(lane, true);
      return this.failAll(new Error(`sandbox runner keeps failing: ${detail}`));
    }
    this.killLane(lane, true);
    if (head) this.charge(head, ++head.attempts >= MAX_ATTEMPTS, `running when its runner died (${detail})`);
    this.pump();
  }

  /** Stops a lane; pairs it had not finished go back to the front of the queue. */
  private killLane(lane: Lane, requeue: boolean): void {
    lane.dead = true;
    clearTimeout(lane.timer);
    if (requeue) this.queue.unshift(...lane.inflight.filter((j) => !j.batch.done));
    lane.inflight = [];
    if (lane.runner) this.track(lane.runner.destroy());
  }

  private settle(job: Job, outcomes: TestOutcome[], durationMs: number, inProcessTests: number[], observations: (TestObservation | null)[] | null = null): void {
    const batch = job.batch;
    if (batch.done) return;
    const result: ExecResult = {
      id: job.pair.id,
      outcomes,
      passed: outcomes.length > 0 && outcomes.every((o) => o === "pass"),
      durationMs,
      inProcessTests,
      observations,
    };
    batch.results[job.index] = result;
    batch.remaining--;
    try {
      batch.onResult?.(result);
    } catch (err) {
      return this.failBatch(batch, err);
    }
    if (batch.remaining === 0) {
      batch.done = true;
      batch.cleanup();
      batch.resolve(batch.results as ExecResult[]);
    }
  }

  private failBatch(batch: Batch, err: unknown): void {
    if (batch.done) return;
    batch.done = true;
    batch.cleanup();
    this.queue = this.queue.filter((j) => j.batch !== batch);
    batch.reject(err);
  }

  private failAll(err: unknown): void {
    const batches = new Set<Batch>(this.queue.map((j) => j.batch));
    for (const lane of this.lanes) for (const j of lane?.inflight ?? []) batches.add(j.batch);
    for (const b of batches) this.failBatch(b, err);
    this.earlyDeaths = 0;
    this.startFailures = 0;
  }
}
