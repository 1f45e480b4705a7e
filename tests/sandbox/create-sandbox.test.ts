import { describe, expect, it } from "vitest";
import { ensureSandboxImage, IMAGE_TIMEOUT_MS, sandboxLoaderWithEnv } from "./helpers";

// Backend selection: auto falls back to the process backend with a reason; an explicit
// `docker` request fails loudly. Config is read once, so each case loads fresh modules.

const loadWith = sandboxLoaderWithEnv();

describe("createSandbox", () => {
  it("falls back to the process backend when no engine answers (auto)", async () => {
    const { createSandbox } = await loadWith({ EXECBOARD_DOCKER_SOCKET: "/nonexistent/docker.sock" });
    const notices: string[] = [];
    const sandbox = await createSandbox({ backend: "auto", onNotice: (m) => notices.push(m) });
    try {
      expect(sandbox.backend).toBe("process");
      expect(notices.join()).toMatch(/not reachable at \/nonexistent\/docker.sock/);
      const [result] = await sandbox.run([{ id: "x", code: "", tests: ["assert 1 + 1 == 2"] }]);
      expect(result.passed).toBe(true);
    } finally {
      await sandbox.close();
    }
  });

  it("refuses when docker is demanded but unavailable", async () => {
    const { createSandbox } = await loadWith({ EXECBOARD_DOCKER_SOCKET: "/nonexistent/docker.sock" });
    await expect(createSandbox({ backend: "docker" })).rejects.toThrow(/Docker sandbox unavailable/);
  });

  it("refuses images that are missing or built from other runner files", async () => {
    ensureSandboxImage();
    let mod = await loadWith({ EXECBOARD_SANDBOX_IMAGE: "execboard-sandbox:does-not-exist" });
    await expect(mod.createSandbox({ backend: "docker" })).rejects.toThrow(/not found; run scripts\/ensure-sandbox-image.sh/);
    mod = await loadWith({ EXECBOARD_SANDBOX_IMAGE: "execboard-sandbox-base:bookworm" });
    await expect(mod.createSandbox({ backend: "docker" })).rejects.toThrow(/built from other runner files/);
  }, IMAGE_TIMEOUT_MS);

  it("uses docker when the engine answers and the image is current (auto)", async () => {
    ensureSandboxImage();
    const { createSandbox } = await loadWith({});
    const sandbox = await createSandbox({ backend: "auto" });
    try {
      expect([sandbox.backend, sandbox.isolation]).toEqual(["docker", "container"]);
    } finally {
      await sandbox.close();
    }
  }, IMAGE_TIMEOUT_MS);
});
