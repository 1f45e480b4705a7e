import Docker from "dockerode";
import { getConfig } from "@/lib/config";
import type { Sandbox } from "@/lib/sandbox/types";

// Which sandbox image ran the code: the Docker image id (sha256:…, content-addressed, so a
// rebuilt image under the same tag is told apart) of EXECBOARD_SANDBOX_IMAGE, as the engine
// reports it when a run starts; "process" for the process backend. Only a read-only image
// inspect; running containers stays in lib/sandbox/docker-backend.ts.
export async function describeSandboxImage(sandbox: Pick<Sandbox, "backend">): Promise<string> {
  if (sandbox.backend === "process") return "process";
  const { EXECBOARD_SANDBOX_IMAGE: image, EXECBOARD_DOCKER_SOCKET: socketPath } = getConfig();
  try {
    const info = await new Docker({ socketPath }).getImage(image).inspect();
    return info.Id;
  } catch (e) {
    return `${image} (image id unavailable: ${(e as Error).message})`;
  }
}
