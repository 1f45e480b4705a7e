import os from "node:os";
import { describeSandboxImage, RUNNER_VERSION, type Sandbox } from "@/lib/sandbox";
import { getExecboardVersion } from "./execboard-version";

// What a worker records about itself on every scoring run it starts (lib/provenance): the
// runner version, the sandbox backend and image, the ExecBoard version, and where it ran.
export interface WorkerProvenance {
  runnerVersion: string;
  sandboxBackend: string;
  sandboxImage: string;
  execboardVersion: string;
  execboardCommit: string | null;
  worker: string;
}

export async function captureWorkerProvenance(sandbox: Pick<Sandbox, "backend">): Promise<WorkerProvenance> {
  const build = getExecboardVersion();
  return {
    runnerVersion: RUNNER_VERSION,
    sandboxBackend: sandbox.backend,
    sandboxImage: await describeSandboxImage(sandbox),
    execboardVersion: build.version,
    execboardCommit: build.commit,
    worker: `${os.hostname()}:${process.pid}`,
  };
}

/** One line for a run's log. */
export function describeWorker(p: WorkerProvenance): string {
  const build = p.execboardCommit ? `${p.execboardVersion} (${p.execboardCommit.slice(0, 12)})` : p.execboardVersion;
  return `${p.worker}: sandbox ${p.sandboxBackend} ${p.sandboxImage}, runner ${p.runnerVersion}, ExecBoard ${build}`;
}
