import { randomBytes } from "node:crypto";
import { PassThrough, type Duplex } from "node:stream";
import Docker from "dockerode";
import { getConfig } from "@/lib/config";
import { sandboxInstanceId, sandboxOwnerHost } from "./instance-id";
import { RunnerPool, type RunnerEvents, type RunnerProcess } from "./runner-pool";
import { CONTAINER_COMMAND_DEFAULTS, checkContainerCommand, type ContainerCommand, type ContainerCommandResult } from "./container-command";
import { RUNNER_SHA_LABEL, runnerScriptSha256 } from "./runner-script";
import type { Sandbox } from "./types";

// The only module that talks to Docker. Each lane is one warm container running the trusted
// runner as PID 1 (it forks a fresh child per pair), fed pairs over an attached stdin. The
// container is the isolation boundary: no network, read-only root, a small noexec tmpfs for
// /tmp, no capabilities but the three the runner needs to give candidates a uid of their own
// (CAP_SETUID, CAP_SETGID) and to end their processes (CAP_KILL); the runner refuses anything
// more, and candidates and the judge run under unprivileged uids of their own with none.
// no-new-privileges, Docker's default seccomp profile, no IPC namespace sharing or /dev/shm,
// memory without swap, a pids cap and one CPU, file-size/open-file/core limits and a minimal
// explicit environment. Output is capped here (the container is killed beyond it), and the
// pool's wall-clock timeout removes the container, never just the attach stream. Containers
// are labelled with their owner's instance id, removed after use (and by the engine when they
// end, as when their owner dies and their stdin closes), and swept when a sandbox starts.

export const SANDBOX_LABEL = "execboard.sandbox";
const OWNER_LABEL = "execboard.sandbox.owner"; // the owner process's random instance id
const HOST_LABEL = "execboard.sandbox.host"; // "<hostname>/<pid>", for people reading listings
// A container another owner created but never started is left alone this long (its owner may
// be about to start it); one that has ended is nobody's any more.
const STALE_CREATED_MS = 10 * 60 * 1000;
const MIB = 1024 * 1024;
const STDERR_TAIL = 4096;
const MAX_RAW_BYTES = 16 * MIB; // whatever the container sends; the pool also caps stdout lines
const PING_TIMEOUT_MS = 3000;

function dockerClient(): Docker {
  return new Docker({ socketPath: getConfig().EXECBOARD_DOCKER_SOCKET });
}

// Containers this process has made and not yet removed: a sweep never takes them.
const live = new Set<string>();

function containerSpec(image: string): Docker.ContainerCreateOptions {
  return {
    name: `execboard-sandbox-${randomBytes(6).toString("hex")}`,
    Image: image,
    Entrypoint: ["/usr/bin/python3.11", "-I", "-B", "/opt/execboard/runner.py"],
    Cmd: ["--places", "/tmp,/dev/mqueue"],
    User: "0:0", // with the three capabilities below only; the runner drops to 10001 / 10002 for the judge and candidates
    WorkingDir: "/tmp",
    Hostname: "sandbox",
    Env: ["LANG=C.UTF-8", "PATH=/usr/bin:/bin"],
    Labels: { [SANDBOX_LABEL]: "1", [OWNER_LABEL]: sandboxInstanceId(), [HOST_LABEL]: sandboxOwnerHost() },
    AttachStdin: true,
    AttachStdout: true,
    AttachStderr: true,
    OpenStdin: true,
    StdinOnce: true,
    Tty: false,
    NetworkDisabled: true,
    HostConfig: {
      NetworkMode: "none",
      ReadonlyRootfs: true,
      Tmpfs: { "/tmp": "rw,noexec,nosuid,nodev,size=16m" },
      CapDrop: ["ALL"],
      CapAdd: ["KILL", "SETUID", "SETGID"],
      SecurityOpt: ["no-new-privileges"], // and Docker's default seccomp profile
      IpcMode: "none", // a private IPC namespace without /dev/shm (/dev/mqueue stays, swept per pair)
      Memory: 512 * MIB,
      MemorySwap: 512 * MIB, // equal to Memory: no swap
      NanoCpus: 1_000_000_000, // one CPU
      PidsLimit: 64,
      Init: false, // the runner is PID 1: it reaps and kills whatever a pair leaves behind
      Ulimits: [
        { Name: "nofile", Soft: 256, Hard: 256 },
        { Name: "fsize", Soft: 4 * MIB, Hard: 4 * MIB },
        { Name: "core", Soft: 0, Hard: 0 },
      ],
      LogConfig: { Type: "none", Config: {} }, // output is consumed over attach, never stored
      AutoRemove: true, // gone once it ends, whoever removes it first
    },
  };
}

/** How long a removal already in progress (the engine's auto-remove, another sweep) is awaited. */
const REMOVAL_WAIT_MS = 10_000;

/**
 * Removes a container and returns once it is gone. A removal already in progress (409: the
 * engine auto-removing an exited container, or another owner's sweep) is waited for, so that a
 * closed lane has really left nothing behind; a container gone already (404) is fine.
 */
async function removeQuietly(container: Docker.Container): Promise<void> {
  try {
    await container.remove({ force: true });
    return;
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 404) return;
    if (status !== 409) throw err;
  }
  const deadline = Date.now() + REMOVAL_WAIT_MS;
  while (Date.now() < deadline) {
    try {
      await container.inspect();
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode === 404) return;
      throw err;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

function startContainerRunner(docker: Docker, image: string) {
  return async (events: RunnerEvents): Promise<RunnerProcess> => {
    const container = await docker.createContainer(containerSpec(image));
    live.add(container.id);
    let destroyed = false;
    let stream: Duplex | undefined;
    const destroy = async () => {
      if (destroyed) return;
      destroyed = true;
      stream?.destroy();
      try {
        await removeQuietly(container);
      } finally {
        live.delete(container.id);
      }
    };
    try {
      // Attach before start so no output is missed; hijack gives a duplex socket for stdin.
      stream = (await container.attach({ stream: true, stdin: true, stdout: true, stderr: true, hijack: true })) as Duplex;
      const stdout = new PassThrough();
      const stderr = new PassThrough();
      let stderrTail = "";
      let raw = 0;
      const fail = (detail: string) => {
        if (destroyed) return;
        events.onExit(detail);
        void destroy().catch(() => undefined);
      };
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.length;
        if (raw > MAX_RAW_BYTES) fail(`container sent more than ${MAX_RAW_BYTES} bytes`);
      });
      stdout.on("data", (chunk: Buffer) => !destroyed && events.onStdout(chunk));
      stderr.on("data", (chunk: Buffer) => {
        stderrTail = (stderrTail + chunk.toString("utf8")).slice(-STDERR_TAIL);
      });
      stream.on("error", () => undefined); // surfaces as "close" below
      stream.on("close", () => fail(`container stream closed; stderr: ${stderrTail.trim() || "(empty)"}`));
      docker.modem.demuxStream(stream, stdout, stderr);
      await container.start();
      const attached = stream;
      return { write: (line) => void attached.write(line), destroy };
    } catch (err) {
      await destroy();
      throw err;
    }
  };
}

/**
 * Removes labelled sandbox containers nobody will use: this process's own that it no longer
 * tracks, and other owners' that have ended (or were created and never started, long ago).
 * Another owner's running container is never touched: a dead owner's containers end by
 * themselves when its attach stream closes. `all` removes every one (operators).
 */
export async function sweepSandboxContainers(opts: { all?: boolean } = {}): Promise<number> {
  const docker = dockerClient();
  const list = await docker.listContainers({ all: true, filters: { label: [`${SANDBOX_LABEL}=1`] } });
  const me = sandboxInstanceId();
  const now = Date.now();
  const stale = list.filter((c) => {
    if (opts.all) return true;
    if (c.Labels[OWNER_LABEL] === me) return !live.has(c.Id);
    if (c.State === "exited" || c.State === "dead") return true;
    return c.State === "created" && now - c.Created * 1000 > STALE_CREATED_MS;
  });
  await Promise.all(stale.map((c) => removeQuietly(docker.getContainer(c.Id))));
  return stale.length;
}

export interface SandboxContainerInfo {
  id: string;
  state: string;
  /** The owner process's instance id (sandboxOwnerTag() of the process that made it). */
  owner: string;
  /** "<hostname>/<pid>" of the owner, as it saw itself. */
  host: string;
}

/** Lists labelled sandbox containers (for tests and operators). */
export async function listSandboxContainers(): Promise<SandboxContainerInfo[]> {
  const list = await dockerClient().listContainers({ all: true, filters: { label: [`${SANDBOX_LABEL}=1`] } });
  return list.map((c) => ({ id: c.Id, state: c.State, owner: c.Labels[OWNER_LABEL] ?? "", host: c.Labels[HOST_LABEL] ?? "" }));
}

/** The owner label this process puts on its containers. */
export function sandboxOwnerTag(): string {
  return sandboxInstanceId();
}

export type DockerProbe = { ok: true } | { ok: false; reason: string };

/** Does an engine answer, and does it hold an image built from the current runner files? */
export async function probeDockerSandbox(): Promise<DockerProbe> {
  const { EXECBOARD_SANDBOX_IMAGE: image, EXECBOARD_DOCKER_SOCKET: socket } = getConfig();
  const docker = dockerClient();
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
    });
    await Promise.race([docker.ping(), timeout]);
  } catch (err) {
    return { ok: false, reason: `Docker engine not reachable at ${socket}: ${(err as Error).message}` };
  } finally {
    clearTimeout(timer);
  }
  let labels: Record<string, string> | undefined;
  try {
    labels = (await docker.getImage(image).inspect()).Config?.Labels ?? undefined;
  } catch {
    return { ok: false, reason: `sandbox image ${image} not found; run scripts/ensure-sandbox-image.sh` };
  }
  if (labels?.[RUNNER_SHA_LABEL] !== runnerScriptSha256()) {
    return { ok: false, reason: `sandbox image ${image} was built from other runner files; run scripts/ensure-sandbox-image.sh` };
  }
  return { ok: true };
}

export async function createDockerSandbox(opts: { concurrency?: number } = {}): Promise<Sandbox> {
  const config = getConfig();
  await sweepSandboxContainers();
  const pool = new RunnerPool({
    concurrency: opts.concurrency ?? config.EXECBOARD_SANDBOX_CONCURRENCY,
    start: startContainerRunner(dockerClient(), config.EXECBOARD_SANDBOX_IMAGE),
    // Round trips through the engine's attach stream are slow under load; keep more in flight.
    pipelineDepth: 8,
    require: { pid1: true, separateUids: true },
  });
  return {
    backend: "docker",
    isolation: "container",
    limitations: [],
    stats: () => ({ ...pool.stats }),
    run: (pairs, opts) => pool.run(pairs, opts),
    close: () => pool.close(),
  };
}

/**
 * Which sandbox image runs the code: the Docker image id (sha256:…, content-addressed, so a
 * rebuilt image under the same tag is told apart) of EXECBOARD_SANDBOX_IMAGE as the engine
 * reports it now, or why it cannot say. A read-only image inspect, for provenance.
 */
export async function sandboxImageId(): Promise<string> {
  const image = getConfig().EXECBOARD_SANDBOX_IMAGE;
  try {
    return (await dockerClient().getImage(image).inspect()).Id;
  } catch (e) {
    return `${image} (image id unavailable: ${(e as Error).message})`;
  }
}

/**
 * Runs one command in a fresh container (container-command.ts): read-only mounts and root, no
 * network, user 10001, no capabilities, no-new-privileges, a private IPC namespace, memory
 * without swap, pids, CPU and file-size limits. Past its time or output limit the container is
 * removed; it is removed after use in any case. It carries this process's owner labels, so a
 * sweep by another owner (a worker, another build) never removes it while it runs.
 */
export async function runContainerCommand(cmd: ContainerCommand): Promise<ContainerCommandResult> {
  checkContainerCommand(cmd);
  const d = { ...CONTAINER_COMMAND_DEFAULTS, ...Object.fromEntries(Object.entries(cmd).filter(([, v]) => v !== undefined)) } as Required<ContainerCommand>;
  const docker = dockerClient();
  const container = await docker.createContainer({
    name: `execboard-command-${randomBytes(6).toString("hex")}`,
    Image: cmd.image ?? getConfig().EXECBOARD_SANDBOX_IMAGE,
    Entrypoint: [cmd.argv[0]],
    Cmd: cmd.argv.slice(1),
    User: "10001:10001",
    WorkingDir: cmd.workdir,
    Hostname: "sandbox",
    Env: Object.entries(cmd.env).map(([k, v]) => `${k}=${v}`),
    Labels: { [SANDBOX_LABEL]: "1", [OWNER_LABEL]: sandboxInstanceId(), [HOST_LABEL]: sandboxOwnerHost() },
    AttachStdout: true,
    AttachStderr: true,
    Tty: false,
    NetworkDisabled: true,
    HostConfig: {
      NetworkMode: "none",
      ReadonlyRootfs: true,
      Mounts: cmd.mounts.map((m) => ({ Type: "bind" as const, Source: m.source, Target: m.target, ReadOnly: true })),
      Tmpfs: { "/tmp": `rw,nosuid,nodev,size=${d.tmpfsMiB}m` },
      CapDrop: ["ALL"],
      SecurityOpt: ["no-new-privileges"],
      IpcMode: "none",
      Memory: d.memoryMiB * MIB,
      MemorySwap: d.memoryMiB * MIB,
      PidsLimit: d.pids,
      NanoCpus: Math.round(d.cpus * 1e9),
      Init: true, // reaps what the command leaves behind
      Ulimits: [
        { Name: "nofile", Soft: 4096, Hard: 4096 },
        { Name: "fsize", Soft: 64 * MIB, Hard: 64 * MIB },
        { Name: "core", Soft: 0, Hard: 0 },
      ],
      LogConfig: { Type: "none", Config: {} },
      AutoRemove: false,
    },
  });
  live.add(container.id); // this process's sweeps leave it alone; other owners never touch a running one
  const started = Date.now();
  const out: Buffer[] = [], err: Buffer[] = [];
  let bytes = 0, outputLimited = false, timedOut = false;
  try {
    const stream = (await container.attach({ stream: true, stdout: true, stderr: true })) as NodeJS.ReadableStream;
    const stdout = new PassThrough(), stderr = new PassThrough();
    const collect = (into: Buffer[]) => (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > d.outputLimitBytes) {
        if (!outputLimited) void removeQuietly(container).catch(() => undefined);
        outputLimited = true;
        return;
      }
      into.push(chunk);
    };
    stdout.on("data", collect(out));
    stderr.on("data", collect(err));
    docker.modem.demuxStream(stream, stdout, stderr);
    const ended = new Promise<void>((resolve) => {
      stream.on("end", () => resolve());
      stream.on("close", () => resolve());
      stream.on("error", () => resolve());
    });
    await container.start();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), cmd.timeoutMs)));
    const waited = await Promise.race([container.wait().then((r: { StatusCode: number }) => r), deadline]);
    clearTimeout(timer);
    if (waited === "timeout") {
      timedOut = true;
      await removeQuietly(container);
      return { exitCode: null, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8"), timedOut, outputLimited, oomKilled: false, durationMs: Date.now() - started };
    }
    await Promise.race([ended, new Promise((r) => setTimeout(r, 2000))]);
    const info = await container.inspect().catch(() => null);
    return {
      exitCode: outputLimited ? null : waited.StatusCode,
      stdout: Buffer.concat(out).toString("utf8"),
      stderr: Buffer.concat(err).toString("utf8"),
      timedOut,
      outputLimited,
      oomKilled: info?.State?.OOMKilled === true,
      durationMs: Date.now() - started,
    };
  } finally {
    await removeQuietly(container).catch(() => undefined);
    live.delete(container.id);
  }
}
