import { once } from "node:events";
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { createSandbox, type SandboxBackendChoice } from "@/lib/sandbox";
import { execPairSchema } from "@/lib/sandbox/exec-pair-schema";
import type { ExecPair } from "@/lib/sandbox/types";

// `execboard sandbox run [--backend docker|process|auto] [--allow-uncontained]`: JSON-lines
// pairs on stdin, one result line per input on stdout in completion order ({"id", "outcomes",
// "passed", "durationMs", "inProcessTests", "observations"}). Streams: pairs start running while stdin is
// still being read. Exit 0 ok, 1 some input lines were invalid, 2 usage/sandbox error.

export interface SandboxRunIo {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
}

const USAGE = "usage: execboard sandbox run [--backend docker|process|auto] [--allow-uncontained] < pairs.jsonl";
const BATCH_SIZE = 64; // pairs handed to the sandbox at once
const BATCH_WINDOW_MS = 10; // ...or after this long, so a slow producer still streams
const MAX_PENDING = 4096; // stop reading stdin while this many pairs are unfinished

type Parsed = { pair: ExecPair } | { error: { id: string | null; error: string } };

function parseLine(line: string): Parsed {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch (err) {
    return { error: { id: null, error: `invalid JSON: ${(err as Error).message}` } };
  }
  const id = json && typeof json === "object" && typeof (json as { id?: unknown }).id === "string" ? (json as { id: string }).id : null;
  const result = execPairSchema.safeParse(json);
  if (result.success) return { pair: result.data };
  const error = result.error.issues.map((i) => `${i.path.join(".") || "(line)"}: ${i.message}`).join("; ");
  return { error: { id, error } };
}

function parseArgs(argv: string[]): { backend?: SandboxBackendChoice; allowUncontained: boolean } | { usage: string } {
  let backend: SandboxBackendChoice | undefined;
  let allowUncontained = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--allow-uncontained") {
      allowUncontained = true;
      continue;
    }
    const value = arg === "--backend" ? argv[++i] : arg.startsWith("--backend=") ? arg.slice(10) : undefined;
    if (value === undefined) return { usage: arg === "--help" || arg === "-h" ? USAGE : `unknown argument ${arg}\n${USAGE}` };
    if (value !== "auto" && value !== "docker" && value !== "process") return { usage: `invalid --backend ${value}\n${USAGE}` };
    backend = value;
  }
  return { backend, allowUncontained };
}

/** Buffers output lines and writes them in chunks, honouring backpressure. */
class LineBatcher {
  private buffer: string[] = [];
  private scheduled = false;
  private draining: Promise<unknown> = Promise.resolve();

  constructor(private readonly out: Writable) {}

  push(obj: unknown): void {
    this.buffer.push(JSON.stringify(obj) + "\n");
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => void this.flush());
    }
  }

  async flush(): Promise<void> {
    this.scheduled = false;
    await this.draining;
    if (this.buffer.length === 0) return;
    const chunk = this.buffer.join("");
    this.buffer = [];
    if (!this.out.write(chunk)) this.draining = once(this.out, "drain");
  }

  async end(): Promise<void> {
    await this.flush();
    await this.draining;
  }
}

export async function sandboxRunCommand(
  argv: string[],
  io: SandboxRunIo = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr },
): Promise<number> {
  const args = parseArgs(argv);
  if ("usage" in args) {
    io.stderr.write(args.usage + "\n");
    return 2;
  }
  let sandbox;
  try {
    sandbox = await createSandbox({
      backend: args.backend,
      allowUncontained: args.allowUncontained,
      onNotice: (m) => io.stderr.write(`sandbox: ${m}\n`),
    });
  } catch (err) {
    io.stderr.write(`sandbox: ${(err as Error).message}\n`);
    return 2;
  }
  io.stderr.write(`sandbox: backend=${sandbox.backend} isolation=${sandbox.isolation}\n`);
  for (const limitation of sandbox.limitations) io.stderr.write(`sandbox: not contained: ${limitation}\n`);

  const out = new LineBatcher(io.stdout);
  const runs: Promise<unknown>[] = [];
  let invalid = 0;
  let failure: Error | undefined;
  let pending = 0;
  let wake: (() => void) | undefined;
  let batch: ExecPair[] = [];
  let timer: NodeJS.Timeout | undefined;

  const dispatch = () => {
    clearTimeout(timer);
    timer = undefined;
    if (batch.length === 0) return;
    const pairs = batch;
    batch = [];
    const onResult = (r: unknown) => {
      out.push(r);
      pending--;
      wake?.();
    };
    const onFailure = (err: Error) => {
      failure ??= err;
      wake?.();
    };
    runs.push(sandbox.run(pairs, { onResult }).catch(onFailure));
  };

  try {
    for await (const line of createInterface({ input: io.stdin, crlfDelay: Infinity })) {
      if (!line.trim()) continue;
      const parsed = parseLine(line);
      if ("error" in parsed) {
        invalid++;
        out.push(parsed.error);
        continue;
      }
      batch.push(parsed.pair);
      pending++;
      if (batch.length >= BATCH_SIZE) dispatch();
      else timer ??= setTimeout(dispatch, BATCH_WINDOW_MS);
      while (pending > MAX_PENDING && !failure) await new Promise<void>((resolve) => (wake = resolve));
    }
    dispatch();
    await Promise.all(runs);
  } finally {
    clearTimeout(timer);
    await sandbox.close();
    await out.end();
  }
  if (failure) {
    io.stderr.write(`sandbox: ${failure.message}\n`);
    return 2;
  }
  return invalid > 0 ? 1 : 0;
}
