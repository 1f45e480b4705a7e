// The public "Submit a model" guide describes submissions to execution-grounded benchmarks:
// unasked, it shows one of those even when a repository-retrieval benchmark sorts first.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, disconnectDb } from "@/lib/db/client";
import { getSubmitGuide } from "@/lib/pages/submit-guide";
import { importDemo } from "../integration/helpers";

describe("the submit guide's default benchmark", () => {
  const slug = `aaa-repo-${Date.now()}`;
  beforeAll(async () => {
    await importDemo();
    await db().benchmark.create({
      data: { slug, kind: "repo_retrieval", name: "Repository first", description: "sorts first", license: "MIT", versions: { create: { version: "v1", description: "v1", sourceSha256: "0".repeat(64), queryCount: 1, corpusCount: 1 } } },
    });
  });
  afterAll(async () => {
    await db().benchmark.delete({ where: { slug } });
    await disconnectDb();
  });

  it("is the first execution-grounded benchmark, though it lists every benchmark", async () => {
    const guide = await getSubmitGuide();
    expect(guide.benchmarks.map((b) => b.slug)).toContain(slug);
    expect(slug < guide.benchmark!.slug).toBe(true); // the repository benchmark sorts first
    const shown = await db().benchmark.findUniqueOrThrow({ where: { slug: guide.benchmark!.slug }, select: { kind: true } });
    expect(shown.kind).toBe("exec_retrieval");
  });

  it("shows a repository-retrieval benchmark when asked for by name", async () => {
    expect((await getSubmitGuide(slug)).benchmark?.slug).toBe(slug);
  });
});
