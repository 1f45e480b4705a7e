import { describe, expect, it } from "vitest";
import { newCounts, pathUniverse, redactProse, remainingHashes, remainingPaths } from "@/lib/construction/arb-mining/redact";

const universe = pathUniverse(["lib/metrics/tie-aware.ts", "lib/retrieval/bm25.ts", "app/api/v1/benchmarks/[slug]/route.ts", "README.md", "scripts/up.sh", "package.json"]);

describe("redaction of commit messages", () => {
  it("removes repository paths, directories and file names, in any spelling", () => {
    const counts = newCounts();
    const out = redactProse("lib/metrics/tie-aware.ts: exact ties; see `bm25.ts`, @/lib/retrieval and ./scripts/up.sh, README.md and lib/ itself", universe, counts);
    expect(out).toBe("[path]: exact ties; see `[path]`, [path] and [path], [path] and [path] itself");
    expect(counts.paths).toBe(6);
  });

  it("removes paths with bracketed segments and paths of files the repository does not hold", () => {
    expect(redactProse("route app/api/v1/benchmarks/[slug]/route.ts and lib/gone/old-file.ts", universe)).toBe("route [path] and [path]");
  });

  it("keeps prose that merely has slashes or dots", () => {
    const text = "read/write and and/or, float16/32/64, TCP/IP, Next.js and Node.js, GET /api/v1/health, version 1.2.3";
    expect(redactProse(text, universe)).toBe(text);
  });

  it("removes commit hashes but not words or plain numbers", () => {
    const counts = newCounts();
    const out = redactProse("Follows up on 4e1b2c9 and 0f3a5d9e8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f; 1234567 stays, so does decade", universe, counts);
    expect(out).toBe("Follows up on [commit] and [commit]; 1234567 stays, so does decade");
    expect(counts.hashes).toBe(2);
    expect(remainingHashes(out)).toEqual([]);
  });

  it("removes URLs, trailers and patch text (diff headers, hunks, fenced diffs)", () => {
    const message = [
      "Fix the reaper",
      "",
      "See https://example.invalid/pull/12/files for the talk.",
      "diff --git a/x.ts b/x.ts",
      "--- a/x.ts",
      "+++ b/x.ts",
      "@@ -1,2 +1,2 @@",
      "-old line",
      "+new line",
      "",
      "```diff",
      "+added",
      "```",
      "The rest stays.",
      "Signed-off-by: Someone <someone@example.invalid>",
    ].join("\n");
    const counts = newCounts();
    const out = redactProse(message, universe, counts);
    expect(out).toBe("Fix the reaper\n\nSee [url] for the talk.\n\nThe rest stays.");
    expect(counts).toMatchObject({ urls: 1, trailers: 1, patch_lines: 9 });
  });

  it("finds the paths a text still names (what the redaction gate checks)", () => {
    expect(remainingPaths("see lib/metrics/tie-aware.ts and README.md but not lib/unknown.ts", universe)).toEqual(["README.md", "lib/metrics/tie-aware.ts"]);
    expect(remainingPaths(redactProse("see lib/metrics/tie-aware.ts and README.md", universe), universe)).toEqual([]);
  });
});
