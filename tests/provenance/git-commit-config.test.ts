import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";

// EXECBOARD_GIT_COMMIT as an image sets it (docker/app.Dockerfile: ENV EXECBOARD_GIT_COMMIT from
// the GIT_COMMIT build arg, empty when the build was not given one).
describe("EXECBOARD_GIT_COMMIT", () => {
  const noGit = fs.mkdtempSync(path.join(os.tmpdir(), "execboard-nogit-"));
  afterAll(() => fs.rmSync(noGit, { recursive: true, force: true }));
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    vi.resetModules();
  });

  async function load(commit: string) {
    vi.resetModules();
    vi.stubEnv("EXECBOARD_GIT_COMMIT", commit);
    vi.spyOn(process, "cwd").mockReturnValue(noGit); // like /app in an image: no .git
    const { getConfig } = await import("@/lib/config");
    const { getExecboardVersion } = await import("@/lib/provenance/execboard-version");
    return { getConfig, getExecboardVersion };
  }

  it("empty (an image built without GIT_COMMIT) is unset: the commit is unknown, nothing throws", async () => {
    for (const empty of ["", "  "]) {
      const { getConfig, getExecboardVersion } = await load(empty);
      expect(getConfig().EXECBOARD_GIT_COMMIT).toBeUndefined();
      expect(getExecboardVersion()).toMatchObject({ commit: null });
    }
  });

  it("a commit is recorded as given", async () => {
    const sha = "0123456789abcdef0123456789abcdef01234567";
    const { getExecboardVersion } = await load(sha);
    expect(getExecboardVersion().commit).toBe(sha);
  });

  it("anything else is refused by name", async () => {
    const { getConfig } = await load("not-a-commit");
    expect(() => getConfig()).toThrow(/EXECBOARD_GIT_COMMIT/);
  });
});
