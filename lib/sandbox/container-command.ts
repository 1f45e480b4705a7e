// One command in a fresh, locked-down container: what the benchmark miners use to run a
// project's own test runner against a mutated snapshot. Everything the command sees from the
// host is mounted read-only; it has no network, an unprivileged user, no capabilities, a small
// tmpfs for /tmp and limits on time, memory, processes, CPU, file size and output. The Docker
// implementation is runContainerCommand in docker-backend.ts (the only dockerode importer).
export interface ReadOnlyMount {
  /** Absolute host path (file or directory). */
  source: string;
  /** Absolute path inside the container. */
  target: string;
}

export interface ContainerCommand {
  /** argv[0] is an absolute path inside the container (usually a mounted binary). */
  argv: string[];
  mounts: ReadOnlyMount[];
  workdir: string;
  env: Record<string, string>;
  /** Wall-clock limit; the container is removed when it passes. */
  timeoutMs: number;
  memoryMiB?: number;
  tmpfsMiB?: number;
  pids?: number;
  cpus?: number;
  /** stdout plus stderr beyond this kills the container. */
  outputLimitBytes?: number;
  /** Image to run in (its root filesystem only: libc and libstdc++ for a mounted node). */
  image?: string;
}

export interface ContainerCommandResult {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  outputLimited: boolean;
  oomKilled: boolean;
  durationMs: number;
}

export const CONTAINER_COMMAND_DEFAULTS = {
  memoryMiB: 1536,
  tmpfsMiB: 128,
  pids: 256,
  cpus: 1,
  outputLimitBytes: 32 * 1024 * 1024,
} as const;

export function checkContainerCommand(c: ContainerCommand): void {
  const abs = (p: string) => p.startsWith("/") && !p.split("/").includes("..");
  if (!c.argv.length || !abs(c.argv[0])) throw new Error(`container command needs an absolute argv[0], got ${JSON.stringify(c.argv[0])}`);
  for (const m of c.mounts) if (!abs(m.source) || !abs(m.target)) throw new Error(`mounts need absolute paths: ${m.source} -> ${m.target}`);
  if (!abs(c.workdir)) throw new Error(`workdir must be absolute: ${c.workdir}`);
  if (!(c.timeoutMs > 0)) throw new Error("a container command needs a positive timeout");
}
