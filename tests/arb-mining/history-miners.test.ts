import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BaseSnapshot } from "@/lib/construction/arb-mining/base-snapshot";
import { GitReader } from "@/lib/construction/arb-mining/git-reader";
import { scanHistory, type HistoryScan, type SignalCommit } from "@/lib/construction/arb-mining/history";
import { readAliases } from "@/lib/construction/arb-mining/import-graph";
import { mineCode2Test, type MinedCandidate } from "@/lib/construction/arb-mining/mine-code2test";
import { mineEdit2Ripple } from "@/lib/construction/arb-mining/mine-edit2ripple";
import { pathUniverse } from "@/lib/construction/arb-mining/redact";
import { lines, makeFixtureRepo, type FixtureRepo } from "./git-fixture";

// One small repository holds every kind of commit the history miners must tell apart: signal
// commits with source and tests, documentation only, a merge, a revert, a huge commit, a test
// deleted later, a multi-file change with an unrelated file riding along, a message too short.
const durationV1 = 'export function parseDuration(text: string): number {\n  const m = /^(\\d+)(m|h)$/.exec(text);\n  if (!m) throw new Error("bad duration");\n  return Number(m[1]) * (m[2] === "h" ? 3600 : 60);\n}\n';
const durationV2 = durationV1.replace("(m|h)", "(s|m|h)").replace('m[2] === "h" ? 3600 : 60', 'm[2] === "h" ? 3600 : m[2] === "m" ? 60 : 1');
let repo: FixtureRepo;
let scan: HistoryScan;
let base: BaseSnapshot;
let git: GitReader;

const bySubject = (s: string) => scan.commits.find((c) => c.subject.startsWith(s))!;

async function mine(c: SignalCommit) {
  const commitFiles = new Set((await git.tree(c.sha)).map((e) => e.path));
  const universe = pathUniverse([...base.files.keys(), ...commitFiles, ...c.changes.map((x) => x.path)]);
  const code2test = mineCode2Test(c, base, "fixture/repo", universe);
  const edit2ripple = await mineEdit2Ripple(c, base, "fixture/repo", universe, { textAt: (f) => git.fileAt(c.sha, f), commitFiles, aliases: readAliases(null) });
  return { code2test, edit2ripple };
}

beforeAll(async () => {
  repo = await makeFixtureRepo([
    { message: "Skeleton", files: { "src/app.ts": "export const app = 1;\n", "tests/app.test.ts": "test\n", "README.md": "# fixture\n", "package.json": "{}\n" } },
    {
      message: "Parse durations like 5m and 2h in src/duration.ts, tested\n\nThe app reads its timeouts with it (see 1a2b3c4d for the old parser).\n\nSigned-off-by: Fixture <fixture@example.invalid>",
      files: { "src/duration.ts": durationV1, "src/app.ts": 'import { parseDuration } from "./duration";\nexport const app = parseDuration("5m");\n', "tests/duration.test.ts": 'import { parseDuration } from "../src/duration";\ntest("m", () => expect(parseDuration("5m")).toBe(300));\n' },
    },
    { message: "Document the duration format in the README", files: { "README.md": "# fixture\n\nDurations: 5m, 2h.\n" } },
    {
      message: "Merge the helper branch",
      merge: [{ message: "A helper for padding numbers, with its test", files: { "src/helper.ts": "export const pad = (n: number) => String(n).padStart(2, \"0\");\n", "tests/helper.test.ts": "test\n" } }],
    },
    { message: 'Revert "Skeleton app value"', files: { "src/app.ts": 'import { parseDuration } from "./duration";\nexport const app = parseDuration("2h");\n' } },
    { message: "Generate thirty-one modules for the table of units at once", files: Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`src/units/u${i}.ts`, `export const u${i} = ${i};\n`])) },
    { message: "Totals are summed in cents so rounding errors never add up", files: { "src/total.ts": "export const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0);\n", "tests/total.test.ts": "test\n", "tests/old.test.ts": "test\n", "tests/helpers/money.ts": "export const cents = 100;\n" } },
    { message: "Remove the old test, the totals test covers it", files: { "tests/old.test.ts": null } },
    {
      message: "Durations in seconds too: the parser, the app's default and the test follow",
      files: {
        "src/duration.ts": durationV2,
        "src/app.ts": 'import { parseDuration } from "./duration";\nexport const app = parseDuration("90s");\n',
        "tests/duration.test.ts": 'import { parseDuration } from "../src/duration";\ntest("m", () => expect(parseDuration("5m")).toBe(300));\ntest("s", () => expect(parseDuration("90s")).toBe(90));\n',
        "src/zzz/colours.ts": lines(3, (i) => `export const shade${i} = "#${i}${i}${i}";`),
        "docs/units.md": "Durations: 5s, 5m, 2h.\n",
      },
    },
    { message: "Tweak the colour palette and, separately, the retry limit", files: { "src/zzz/colours.ts": lines(3, (i) => `export const shade${i} = "#${i}${i}0";`), "lib/retry.ts": "export const limit = 3;\n" } },
    { message: "wip", files: { "src/app.ts": 'import { parseDuration } from "./duration";\nexport const app = parseDuration("91s");\n', "tests/app.test.ts": "test 2\n" } },
  ]);
  git = new GitReader(`${repo.dir}/.git`);
  scan = await scanHistory(git, repo.head);
  base = await BaseSnapshot.load(git, repo.head);
});

afterAll(() => repo?.cleanup());

describe("which commits are signal", () => {
  it("leaves out merges, the root, reverts, documentation-only and huge commits, and counts them", () => {
    expect(scan.reachable).toBe(12);
    expect(scan.skipped).toEqual({ merge: 1, root: 1, revert: 1, no_code: 1, too_large: 1 });
    expect(scan.commits.map((c) => c.subject)).toEqual([
      "Parse durations like 5m and 2h in src/duration.ts, tested",
      "A helper for padding numbers, with its test",
      "Totals are summed in cents so rounding errors never add up",
      "Remove the old test, the totals test covers it",
      "Durations in seconds too: the parser, the app's default and the test follow",
      "Tweak the colour palette and, separately, the retry limit",
      "wip",
    ]);
    expect(bySubject("Parse durations").body).toContain("see 1a2b3c4d");
  });
});

describe("code2test", () => {
  it("asks with the redacted message and the changed sources; gold are the changed tests at the base", async () => {
    const c = bySubject("Parse durations");
    const { code2test } = await mine(c);
    const r = (code2test as MinedCandidate).record;
    expect(r.task_type).toBe("code2test");
    expect(r.base_commit).toBe(repo.head);
    expect(r.query).toEqual({
      commit_subject: "Parse durations like 5m and 2h in [path], tested",
      commit_body: "The app reads its timeouts with it (see [commit] for the old parser).",
      changed_files: ["src/app.ts", "src/duration.ts"],
    });
    expect(r.gold).toEqual({ related_tests: ["tests/duration.test.ts"], given_files: ["src/app.ts", "src/duration.ts"], fix_commit: c.sha });
    expect((code2test as MinedCandidate).redaction).toMatchObject({ paths: 1, hashes: 1, trailers: 1 });
  });

  it("drops tests gone by the base and keeps test helpers as supporting files", async () => {
    const r = ((await mine(bySubject("Totals"))).code2test as MinedCandidate).record;
    expect(r.gold.related_tests).toEqual(["tests/total.test.ts"]);
    expect(r.gold.supporting_files).toEqual(["tests/helpers/money.ts"]);
    expect(r.metadata.changed_test_files).toEqual(["tests/helpers/money.ts", "tests/old.test.ts", "tests/total.test.ts"]);
  });

  it("says why a commit gives no sample", async () => {
    expect((await mine(bySubject("Remove the old test"))).code2test).toBe("no_source");
    expect((await mine(bySubject("wip"))).code2test).toBe("message_too_short");
  });
});

describe("edit2ripple", () => {
  it("hands over an anchor and its largest hunk; gold are the related files the commit changed", async () => {
    const c = bySubject("Durations in seconds");
    const out = await mine(c);
    expect(Array.isArray(out.edit2ripple)).toBe(true);
    const [first, ...rest] = out.edit2ripple as MinedCandidate[];
    expect(first.record.query.anchor_file).toBe("src/duration.ts");
    expect(first.record.query.intent).toBe("Durations in seconds too: the parser, the app's default and the test follow");
    const patch = c.patches.get("src/duration.ts")!;
    expect(first.record.query.anchor_diff).toBe([patch.hunks[0].header, ...patch.hunks[0].lines].join("\n"));
    expect(first.record.gold).toEqual({ files: ["src/app.ts", "tests/duration.test.ts"], given_files: ["src/duration.ts"], fix_commit: c.sha });
    const evidence = first.record.metadata.gold_evidence as { path: string; signals: string[] }[];
    expect(evidence.map((e) => [e.path, e.signals])).toEqual([
      ["src/app.ts", ["imports", "same_directory"]],
      ["tests/duration.test.ts", ["imports", "test_of", "path_tokens"]],
    ]);
    expect(first.record.metadata.left_out).toEqual([{ path: "src/zzz/colours.ts", why: "no relation to the anchor" }]);
    // A commit of four files or more may give a second anchor, with its own gold.
    expect(rest.map((r) => r.record.query.anchor_file)).toEqual(["src/app.ts"]);
    expect(rest[0].record.gold.files).toEqual(["src/duration.ts", "tests/duration.test.ts"]);
  });

  it("says why a commit gives no sample", async () => {
    expect((await mine(bySubject("Remove the old test"))).edit2ripple).toBe("too_few_files");
    expect((await mine(bySubject("Tweak the colour"))).edit2ripple).toBe("no_related_gold");
  });
});
