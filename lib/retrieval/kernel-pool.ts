// Runs kernel calls on several threads over one shared WebAssembly memory. The calling thread
// always takes part and can finish every task alone, so a slow, missing or dead helper thread
// only costs speed, never correctness; helpers are optional extra hands.
//
// Protocol (control words in a SharedArrayBuffer): the caller writes the task arguments and
// their count, then publishes a new generation number. Each participant claims tasks by
// compare-and-swapping a task's slot from an older generation to the current one, runs it, and
// marks it done. Tasks write disjoint output, so running one twice (the caller's fallback when
// a helper stalls) writes the same bytes.
import os from "node:os";
import { Worker } from "node:worker_threads";

const GEN = 0, NTASKS = 1, DONE = 2, CONTROL_WORDS = 4;
const ARGS = 6;
const STALL_MS = 10_000;

// Plain JavaScript evaluated in each helper: attach to a memory, then serve generations until
// the generation word is set to -1.
const HELPER_SOURCE = `
const { parentPort } = require("node:worker_threads");
parentPort.on("message", (m) => {
  const k = new WebAssembly.Instance(m.module, { env: { memory: m.memory } }).exports.k;
  const ctl = new Int32Array(m.control), slots = new Int32Array(m.slots), done = new Int32Array(m.done), args = new Int32Array(m.args);
  let seen = 0;
  for (;;) {
    Atomics.wait(ctl, ${GEN}, seen);
    const g = Atomics.load(ctl, ${GEN});
    if (g < 0) break;
    seen = g;
    const n = Atomics.load(ctl, ${NTASKS});
    for (let i = 0; i < n; i++) {
      const s = Atomics.load(slots, i);
      if (s >= g || Atomics.compareExchange(slots, i, s, g) !== s) continue;
      const o = i * ${ARGS};
      k(args[o], args[o + 1], args[o + 2], args[o + 3], args[o + 4], args[o + 5]);
      Atomics.store(done, i, g);
      Atomics.add(ctl, ${DONE}, 1);
      Atomics.notify(ctl, ${DONE});
    }
  }
});
`;

const helpers: Worker[] = [];

function helperThreads(wanted: number): Worker[] {
  while (helpers.length < wanted) {
    const w = new Worker(HELPER_SOURCE, { eval: true });
    w.unref(); // never keeps a process (CLI, test run) alive
    const drop = () => {
      const i = helpers.indexOf(w);
      if (i >= 0) helpers.splice(i, 1);
    };
    w.on("error", drop);
    w.on("exit", drop);
    helpers.push(w);
  }
  return helpers.slice(0, wanted);
}

/** Threads to use by default: every core this process may use, at most 8. */
export function defaultThreads(): number {
  return Math.max(1, Math.min(8, os.availableParallelism()));
}

export type KernelFn = (a0: number, a1: number, a2: number, a3: number, a4: number, a5: number) => void;

export class KernelPool {
  private readonly ctl: Int32Array;
  private readonly slots: Int32Array;
  private readonly done: Int32Array;
  private readonly args: Int32Array;
  private generation = 0;
  private readonly attached: Worker[];

  /** `threads` counts the caller: 1 runs everything on the calling thread. */
  constructor(private readonly kernel: KernelFn, module: WebAssembly.Module, memory: WebAssembly.Memory, maxTasks: number, threads: number) {
    this.ctl = new Int32Array(new SharedArrayBuffer(CONTROL_WORDS * 4));
    this.slots = new Int32Array(new SharedArrayBuffer(maxTasks * 4));
    this.done = new Int32Array(new SharedArrayBuffer(maxTasks * 4));
    this.args = new Int32Array(new SharedArrayBuffer(maxTasks * ARGS * 4));
    this.attached = threads > 1 ? helperThreads(threads - 1) : [];
    for (const w of this.attached) {
      w.postMessage({ module, memory, control: this.ctl.buffer, slots: this.slots.buffer, done: this.done.buffer, args: this.args.buffer });
    }
  }

  /** Runs kernel(...tasks[i]) for every task; returns when all have finished. */
  run(tasks: readonly (readonly number[])[]): void {
    const n = tasks.length;
    if (n > this.slots.length) throw new RangeError(`${n} tasks exceed the pool's ${this.slots.length}`);
    tasks.forEach((t, i) => this.args.set(t, i * ARGS));
    const g = ++this.generation;
    Atomics.store(this.ctl, DONE, 0);
    Atomics.store(this.ctl, NTASKS, n);
    Atomics.store(this.ctl, GEN, g);
    if (this.attached.length > 0) Atomics.notify(this.ctl, GEN);
    for (let i = 0; i < n; i++) this.claimAndRun(i, g);
    let finished = Atomics.load(this.ctl, DONE), since = Date.now();
    while (finished < n) {
      Atomics.wait(this.ctl, DONE, finished, 50);
      const now = Atomics.load(this.ctl, DONE);
      if (now !== finished) [finished, since] = [now, Date.now()];
      else if (Date.now() - since > STALL_MS) break; // a helper stalled: finish its tasks here
    }
    for (let i = 0; i < n; i++) if (Atomics.load(this.done, i) !== g) this.runTask(i, g);
  }

  /** Releases the helpers (they return to waiting for the next pool). */
  close(): void {
    Atomics.store(this.ctl, GEN, -1);
    Atomics.notify(this.ctl, GEN);
  }

  private claimAndRun(i: number, g: number): void {
    const s = Atomics.load(this.slots, i);
    if (s >= g || Atomics.compareExchange(this.slots, i, s, g) !== s) return;
    this.runTask(i, g);
  }

  private runTask(i: number, g: number): void {
    const a = this.args, o = i * ARGS;
    this.kernel(a[o], a[o + 1], a[o + 2], a[o + 3], a[o + 4], a[o + 5]);
    if (Atomics.load(this.done, i) !== g) {
      Atomics.store(this.done, i, g);
      Atomics.add(this.ctl, DONE, 1);
    }
  }
}
