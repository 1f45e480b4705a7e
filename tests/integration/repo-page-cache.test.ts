// The repository track's public pages come from the page cache too, and are never stale: a
// publication shows on the very next view, and so does any write to the track's tables a
// reader's page reads (a published run's ranked files and analysis), whichever process made
// it; the version's snapshots, files, blobs and samples move the reader stamp with any change,
// a run that is not published never does.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, disconnectDb } from "@/lib/db/client";
import { closeReaderStamp } from "@/lib/db/reader-stamp";
import { closeQueue } from "@/lib/queue/enqueue";
import { importArbBenchmark } from "@/lib/repo-benchmark/import-arb";
import { buildArbFixture, type ArbFixture } from "../repo-benchmark/fixture";
import { api } from "./accounts-helpers";
import { baseUrl, newUser, waitUntilFinal } from "./helpers";
import { cached, expectStampMove, page } from "./page-cache-helpers";

const SLUG = `arb-cache-${Date.now()}`;
const RANKED = ["widgets/layout.py", "tests/test_core.py", "README.md"];

/** The ranked files of a sample drilldown, in the order the page lists them. */
function rankedPaths(html: string): string[] {
  return [...html.matchAll(/data-testid="repo-ranked-row"[\s\S]*?<span class="break-all font-mono[^"]*">([^<]+)<\/span>/g)].map((m) => m[1]);
}

describe("the repository track's cached pages", () => {
  let f: ArbFixture;
  let versionId: number;
  let maintainer: { token: string };
  let id: string, privateId: string;
  const model = `arb-cache-check-${Date.now()}`;
  const board = `/benchmarks/${SLUG}`;

  async function submit(token: string, name: string): Promise<string> {
    const rows = [
      { sample_id: f.ids.code2test, files: RANKED, scores: [3, 2, 1] },
      { sample_id: f.ids.trace2code, files: ["gears/gear.go"], scores: [1] },
    ];
    const form = new FormData();
    form.set("file", new Blob([rows.map((r) => JSON.stringify(r)).join("\n") + "\n"]), "run.jsonl");
    form.set("metadata", JSON.stringify({ model: name, provider: "tests" }));
    const res = await fetch(`${baseUrl()}/api/v1/benchmarks/${SLUG}/submissions`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
    expect(res.status).toBe(202);
    const sid = (await res.json()).id as string;
    expect((await waitUntilFinal(sid, token)).body.status).toBe("scored");
    return sid;
  }

  beforeAll(async () => {
    f = buildArbFixture();
    versionId = (await importArbBenchmark({ samplesPath: f.samplesPath, reposDir: f.reposDir, meta: { slug: SLUG, version: "v1" } })).versionId;
    const vendor = await newUser("vendor");
    maintainer = await newUser("maintainer");
    id = await submit(vendor.token, model);
    privateId = await submit(vendor.token, `${model}-private`);
  });
  afterAll(async () => {
    f.cleanup();
    await closeQueue();
    await closeReaderStamp();
    await disconnectDb();
  });

  it("shows a published run on the very next view of the board", async () => {
    expect(await cached(board)).not.toContain(model);
    expect((await api(`/api/v1/submissions/${id}/publish`, { token: maintainer.token, method: "POST", body: {} })).status).toBe(200);
    const after = await page(board);
    expect(after.cache).toBe("miss");
    expect(after.html).toContain(model);
    expect(await cached(`/submissions/${id}`)).toContain(model);
  });

  it("shows another process's change to a published run's ranked files on the next view", async () => {
    const drill = `/submissions/${id}/queries/${encodeURIComponent(f.ids.code2test)}`;
    expect(rankedPaths(await cached(drill))).toEqual(RANKED);
    const sample = await db().repoSample.findFirstOrThrow({ where: { versionId, sampleId: f.ids.code2test }, select: { id: true } });
    await db().repoRanking.update({ where: { submissionId_sampleDbId: { submissionId: id, sampleDbId: sample.id } }, data: { paths: [...RANKED].reverse() } });
    const after = await page(drill);
    expect(after.cache).toBe("miss");
    expect(rankedPaths(after.html)).toEqual([...RANKED].reverse());
    expect(rankedPaths(await cached(drill))).toEqual([...RANKED].reverse());
  });

  it("shows another process's change to a published run's analysis on the next view", async () => {
    expect(await cached(board)).toContain(model);
    const analysis = await db().repoAnalysis.findUniqueOrThrow({ where: { submissionId: id } });
    // Without its analysis a run is not on the board; with it back, it is again.
    await db().repoAnalysis.delete({ where: { submissionId: id } });
    expect((await page(board)).html).not.toContain(model);
    expect(await cached(board)).not.toContain(model);
    await db().repoAnalysis.create({ data: { submissionId: id, engineVersion: analysis.engineVersion, computedAt: analysis.computedAt, payload: analysis.payload as object } });
    expect((await page(board)).html).toContain(model);
  });

  it("moves the reader stamp with every write to the track's tables a reader could see", async () => {
    const sample = await db().repoSample.findFirstOrThrow({ where: { versionId, sampleId: f.ids.trace2code }, select: { id: true, queryText: true, snapshotId: true } });
    const file = await db().repoSnapshotFile.findFirstOrThrow({ where: { snapshotId: sample.snapshotId }, select: { path: true, language: true, blobSha256: true } });
    const blob = await db().repoBlob.findUniqueOrThrow({ where: { sha256: file.blobSha256 }, select: { lines: true } });
    const snapshot = await db().repoSnapshot.findUniqueOrThrow({ where: { id: sample.snapshotId }, select: { excluded: true } });
    const position = await db().repoVersionSnapshot.findFirstOrThrow({ where: { versionId, snapshotId: sample.snapshotId }, select: { position: true } });
    const ranking = { submissionId_sampleDbId: { submissionId: privateId, sampleDbId: sample.id } };
    // A run that is not published: never.
    await expectStampMove("an unpublished run's ranked files", () => db().repoRanking.update({ where: ranking, data: { abstention: 0.5 } }), false);
    await expectStampMove("an unpublished run's analysis", () => db().repoAnalysis.update({ where: { submissionId: privateId }, data: { computedAt: new Date() } }), false);
    // A published run's rows, and every row of a version's corpus and samples: always.
    await expectStampMove("a published run's ranked files", () => db().repoRanking.update({ where: { submissionId_sampleDbId: { submissionId: id, sampleDbId: sample.id } }, data: { abstention: 0.5 } }), true);
    await expectStampMove("a published run's analysis", () => db().repoAnalysis.update({ where: { submissionId: id }, data: { computedAt: new Date() } }), true);
    await expectStampMove("a sample", () => db().repoSample.update({ where: { id: sample.id }, data: { queryText: sample.queryText } }), true);
    await expectStampMove("a snapshot's file", () => db().repoSnapshotFile.update({ where: { snapshotId_path: { snapshotId: sample.snapshotId, path: file.path } }, data: { language: file.language } }), true);
    await expectStampMove("a blob", () => db().repoBlob.update({ where: { sha256: file.blobSha256 }, data: { lines: blob.lines } }), true);
    await expectStampMove("a snapshot", () => db().repoSnapshot.update({ where: { id: sample.snapshotId }, data: { excluded: snapshot.excluded as object } }), true);
    await expectStampMove("a version's snapshot list", () => db().repoVersionSnapshot.update({ where: { versionId_snapshotId: { versionId, snapshotId: sample.snapshotId } }, data: { position: position.position } }), true);
  });
});
