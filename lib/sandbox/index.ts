import { getConfig } from "@/lib/config";
import { createDockerSandbox, probeDockerSandbox } from "./docker-backend";
import { createProcessSandbox } from "./process-backend";
import type { Sandbox } from "./types";

// Picks the backend: Docker when its engine answers and holds a current image, else (auto
// only) the less isolated process backend. Callers see only the Sandbox interface.

export type SandboxBackendChoice = "auto" | "docker" | "process";

export interface CreateSandboxOptions {
  backend?: SandboxBackendChoice;
  /** Told why auto fell back to the process backend. */
  onNotice?: (message: string) => void;
}

export async function createSandbox(opts: CreateSandboxOptions = {}): Promise<Sandbox> {
  const requested = opts.backend ?? getConfig().EXECBOARD_SANDBOX_BACKEND;
  if (requested === "process") return createProcessSandbox();
  const probe = await probeDockerSandbox();
  if (probe.ok) return createDockerSandbox();
  if (requested === "docker") throw new Error(`Docker sandbox unavailable: ${probe.reason}`);
  opts.onNotice?.(`falling back to the process sandbox (less isolated): ${probe.reason}`);
  return createProcessSandbox();
}

export { listSandboxContainers, sandboxOwnerTag, sweepSandboxContainers } from "./docker-backend";
export * from "./types";
