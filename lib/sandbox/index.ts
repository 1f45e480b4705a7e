import { getConfig } from "@/lib/config";
import { createDockerSandbox, probeDockerSandbox, sandboxImageId } from "./docker-backend";
import { createProcessSandbox } from "./process-backend";
import type { Sandbox } from "./types";

// Picks the backend: Docker when its engine answers and holds a current image, else (auto
// only) the process backend, which is less isolated and says so. Callers see only the
// Sandbox interface.

export type SandboxBackendChoice = "auto" | "docker" | "process";

export interface CreateSandboxOptions {
  backend?: SandboxBackendChoice;
  /** Told why auto fell back to the process backend, and how isolated that is. */
  onNotice?: (message: string) => void;
  /** Let the process backend run where it cannot contain untrusted code. */
  allowUncontained?: boolean;
  /** Lanes (warm runners); defaults to EXECBOARD_SANDBOX_CONCURRENCY (the cores). */
  concurrency?: number;
}

export async function createSandbox(opts: CreateSandboxOptions = {}): Promise<Sandbox> {
  const requested = opts.backend ?? getConfig().EXECBOARD_SANDBOX_BACKEND;
  const processOpts = { allowUncontained: opts.allowUncontained, concurrency: opts.concurrency };
  if (requested === "process") return createProcessSandbox(processOpts);
  const probe = await probeDockerSandbox();
  if (probe.ok) return createDockerSandbox({ concurrency: opts.concurrency });
  if (requested === "docker") throw new Error(`Docker sandbox unavailable: ${probe.reason}`);
  const sandbox = await createProcessSandbox(processOpts);
  const limits = sandbox.limitations.length ? `; it cannot contain: ${sandbox.limitations.join("; ")}` : "";
  opts.onNotice?.(
    `falling back to the process sandbox (isolation: ${sandbox.isolation}, less isolated than Docker${limits}): ${probe.reason}`,
  );
  return sandbox;
}

/** Which image a sandbox runs code in, for provenance: the Docker image id, or "process" for the process backend. */
export async function describeSandboxImage(sandbox: Pick<Sandbox, "backend">): Promise<string> {
  return sandbox.backend === "process" ? "process" : sandboxImageId();
}

export { listSandboxContainers, runContainerCommand, sandboxOwnerTag, sweepSandboxContainers } from "./docker-backend";
export * from "./container-command";
export * from "./types";
