// A repository-retrieval benchmark made on the fly: two small git repositories (a Python one and
// a Go one), each with a base commit and a later fix, and a samples file in the released format
// with every task (code2test, comment2context, trace2code, edit2ripple, a natural and a
// counterfactual no-gold case), plus samples each leakage gate must catch, records in the
// released v0_1 shape whose gold names their given file, and records the import must refuse.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const GIT_ENV = { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@example.test", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@example.test", GIT_AUTHOR_DATE: "2026-01-01T00:00:00Z", GIT_COMMITTER_DATE: "2026-01-01T00:00:00Z" };

function git(dir: string, ...args: string[]): string {
  return execFileSync("git", ["-C", dir, "-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false", ...args], { env: GIT_ENV, encoding: "utf8" }).trim();
}

function writeTree(dir: string, files: Record<string, string>): void {
  for (const [p, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, p)), { recursive: true });
    fs.writeFileSync(path.join(dir, p), text);
  }
}

function makeRepo(root: string, name: string, base: Record<string, string>, fix: Record<string, string>): { base: string; fix: string } {
  const dir = path.join(root, name);
  fs.mkdirSync(dir, { recursive: true });
  git(dir, "init", "-q");
  writeTree(dir, base);
  git(dir, "add", "-A");
  git(dir, "commit", "-qm", "base");
  const b = git(dir, "rev-parse", "HEAD");
  writeTree(dir, fix);
  git(dir, "add", "-A");
  git(dir, "commit", "-qm", "fix");
  return { base: b, fix: git(dir, "rev-parse", "HEAD") };
}

/** Text of about `lines` lines of plain words (a predictable size in tokens). */
export function filler(word: string, lines: number): string {
  return Array.from({ length: lines }, (_, i) => `${word} value number ${i} is kept here`).join("\n") + "\n";
}

export const WIDGETS_BASE: Record<string, string> = {
  "widgets/__init__.py": "",
  "widgets/core.py": "from widgets.util import clamp\n\ndef render_widget(size):\n    return clamp(size, 0, 10)\n\n" + filler("core", 60),
  "widgets/util.py": "def clamp(value, low, high):\n    return max(low, min(high, value))\n" + filler("util", 20),
  "widgets/layout.py": "from widgets.core import render_widget\n\ndef arrange(items):\n    return [render_widget(i) for i in items]\n" + filler("layout", 30),
  "tests/test_core.py": "from widgets.core import render_widget\n\ndef test_render_widget():\n    assert render_widget(3) == 3\n" + filler("test", 10),
  "tests/test_layout.py": "from widgets.layout import arrange\n\ndef test_arrange():\n    assert arrange([1]) == [1]\n",
  "docs/guide.md": "# Guide\n\nWidgets render and arrange.\n" + filler("guide", 40),
  "assets/logo.bin": "\u0000\u0001binary",
  "README.md": "widgets\n",
};

export const GEARS_BASE: Record<string, string> = {
  "go.mod": "module example.test/gears\n",
  "gears/gear.go": "package gears\n\n// Turn rotates a gear.\nfunc Turn(teeth int) int {\n\treturn teeth * 2\n}\n" + filler("// gear", 15),
  "gears/gear_test.go": "package gears\n\nimport \"testing\"\n\nfunc TestTurn(t *testing.T) {\n\tif Turn(2) != 4 {\n\t\tt.Fatal(\"bad\")\n\t}\n}\n",
  "gears/shaft.go": "package gears\n\nfunc Spin() int { return Turn(1) }\n",
  "cmd/main.go": "package main\n\nimport \"example.test/gears/gears\"\n\nfunc main() { gears.Spin() }\n",
};

export const ADDED_LINE = "    return clamp(size * 2, 0, 20)  # doubled for the new layout";

export interface ArbFixture {
  dir: string;
  reposDir: string;
  samplesPath: string;
  widgets: { base: string; fix: string };
  gears: { base: string; fix: string };
  /** Sample ids by what they are for. */
  ids: Record<string, string>;
  cleanup(): void;
}

export function buildArbFixture(opts: { leaky?: boolean; released?: boolean; refused?: boolean } = {}): ArbFixture {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "execboard-arb-"));
  const reposDir = path.join(dir, "repos");
  const widgets = makeRepo(path.join(reposDir, "acme"), "widgets", WIDGETS_BASE, { "widgets/core.py": WIDGETS_BASE["widgets/core.py"].replace("    return clamp(size, 0, 10)", ADDED_LINE), "tests/test_core.py": WIDGETS_BASE["tests/test_core.py"] + "\ndef test_double():\n    assert render_widget(2) == 4\n" });
  const gears = makeRepo(path.join(reposDir, "acme"), "gears", GEARS_BASE, { "gears/gear.go": GEARS_BASE["gears/gear.go"].replace("teeth * 2", "teeth * 3") });
  const ids = {
    code2test: "c2t-render",
    comment2context: "c2c-layout",
    trace2code: "t2c-turn",
    edit2ripple: "e2r-clamp",
    natural: "ng-upstream",
    counterfactual: "ng-wrong-repo",
    leakPath: "leak-path",
    leakCommit: "leak-commit",
    leakPatch: "leak-patch",
    releasedC2c: "c2c-released",
    releasedC2cLeak: "c2c-released-leak",
    givenInGold: "c2t-given-in-gold",
  };
  const rows: object[] = [
    {
      id: ids.code2test, task_type: "code2test", repo: "acme/widgets", base_commit: widgets.base,
      query: { pr_title: "Double the widget size in render_widget", pr_body: "The layout needs widgets twice as large; render_widget now doubles.", changed_file: "widgets/core.py" },
      gold: { related_tests: ["tests/test_core.py"], root_cause_files: ["widgets/core.py"], fix_commit: widgets.fix, negative_distractors: ["widgets/layout.py"] },
    },
    {
      id: ids.comment2context, task_type: "comment2context", repo: "acme/widgets", base_commit: widgets.base,
      query: { pr_title: "Arrange widgets", path: "widgets/layout.py", review_comment: "Does arrange keep within the clamp limits? Check the helper.", diff_hunk_context: "@@ -1,3 +1,3 @@ def arrange" },
      gold: { must_context_files: ["widgets/util.py", "widgets/core.py"], supporting_files: ["tests/test_layout.py"] },
    },
    {
      id: ids.trace2code, task_type: "trace2code", repo: "acme/gears", base_commit: gears.base,
      query: { pr_title: "Fix gear ratio", raw_signal: "--- FAIL: TestTurn (0.00s)\n    gears/gear_test.go:7: bad\nFAIL example.test/gears/gears", test_names: ["TestTurn"], trace_paths: ["gears/gear_test.go"] },
      gold: { root_cause_files: ["gears/gear.go"], related_tests: ["gears/gear_test.go"], fix_commit: gears.fix },
    },
    {
      id: ids.edit2ripple, task_type: "edit2ripple", repo: "acme/widgets", base_commit: widgets.base,
      query: { intent: "Clamp now takes a step argument", anchor_file: "widgets/util.py", anchor_diff: "@@ def clamp\n-def clamp(value, low, high):\n+def clamp(value, low, high, step=1):" },
      gold: { files: ["widgets/core.py", "tests/test_core.py"], given_files: ["widgets/util.py"] },
    },
    {
      id: ids.natural, task_type: "abstention", repo: "acme/gears", base_commit: gears.base,
      query: { source: "issue", text: "Build fails with the system linker on an old toolchain; upstream fixed it." },
      gold: { files: [], no_gold: true, reason: "upstream_dependency" },
    },
    {
      id: ids.counterfactual, task_type: "abstention", repo: "acme/gears", base_commit: gears.base,
      query: { source: "counterfactual_wrong_repo", text: "Widgets overflow the layout when arranged in a grid." },
      gold: { files: [], no_gold: true, reason: "counterfactual_wrong_repo" },
    },
  ];
  if (opts.leaky) {
    rows.push(
      { id: ids.leakPath, task_type: "code2test", repo: "acme/widgets", base_commit: widgets.base, query: { pr_title: "Touch core", pr_body: "See tests/test_core.py for the new case.", changed_file: "widgets/core.py" }, gold: { related_tests: ["tests/test_core.py"] } },
      { id: ids.leakCommit, task_type: "trace2code", repo: "acme/gears", base_commit: gears.base, query: { pr_title: `Fixed in ${gears.fix.slice(0, 12)}`, raw_signal: "FAIL TestTurn" }, gold: { root_cause_files: ["gears/gear.go"], fix_commit: gears.fix } },
      { id: ids.leakPatch, task_type: "code2test", repo: "acme/widgets", base_commit: widgets.base, query: { pr_title: "Double", pr_body: `We now do:\n${ADDED_LINE}\n`, changed_file: "widgets/layout.py" }, gold: { related_tests: ["tests/test_core.py"], root_cause_files: ["widgets/core.py"], files: ["widgets/core.py"], fix_commit: widgets.fix } },
    );
  }
  if (opts.released) {
    // As the released v0_1 records are: a comment2context sample's root cause is the reviewed
    // file itself, its other changed files are supporting files, related tests and distractors.
    rows.push(
      {
        id: ids.releasedC2c, task_type: "comment2context", repo: "acme/widgets", base_commit: widgets.base,
        query: { pr_title: "Arrange in rows", path: "widgets/layout.py", line: 3, review_comment: "This should respect the size limits, and be covered.", diff_hunk_context: "@@ -1,4 +1,4 @@ def arrange" },
        // tests/test_rows.py is a test the pull request added: not at the base, left out of gold.
        gold: { root_cause_files: ["widgets/layout.py"], supporting_files: ["widgets/core.py"], related_tests: ["tests/test_layout.py", "widgets/layout.py", "tests/test_rows.py"], negative_distractors: ["widgets/core.py", "tests/test_layout.py", "docs/guide.md"] },
      },
      {
        id: ids.releasedC2cLeak, task_type: "comment2context", repo: "acme/widgets", base_commit: widgets.base,
        query: { pr_title: "Arrange in rows", path: "widgets/layout.py", review_comment: "Use the helper in widgets/util.py instead." },
        gold: { root_cause_files: ["widgets/layout.py"], supporting_files: ["widgets/util.py"] },
      },
      // gold.files naming the changed file: it is given, so only the test is gold, and the
      // query naming the changed file is no leak.
      {
        id: ids.givenInGold, task_type: "code2test", repo: "acme/widgets", base_commit: widgets.base,
        query: { pr_title: "Clamp the rendered size", changed_file: "widgets/core.py" },
        gold: { files: ["tests/test_core.py", "widgets/core.py"] },
      },
    );
  }
  const lines = rows.map((r) => JSON.stringify(r));
  if (opts.refused) {
    lines.push(JSON.stringify({ id: "bad-commit", task_type: "code2test", repo: "acme/widgets", base_commit: "0".repeat(40), query: { pr_title: "x" }, gold: { related_tests: ["tests/test_core.py"] } }));
    lines.push(JSON.stringify({ id: "bad-gold", task_type: "code2test", repo: "acme/widgets", base_commit: widgets.base, query: { pr_title: "x" }, gold: { related_tests: ["tests/test_new.py"] } }));
    lines.push(JSON.stringify({ id: "bad-repo", task_type: "code2test", repo: "acme/nowhere", base_commit: widgets.base, query: { pr_title: "x" }, gold: { related_tests: ["a.py"] } }));
    lines.push(JSON.stringify({ id: "bad-task", task_type: "summarize", repo: "acme/widgets", base_commit: widgets.base, query: { pr_title: "x" }, gold: { files: ["a.py"] } }));
    lines.push("{ not json");
    // Its only gold file is the reviewed file: nothing is left to retrieve.
    lines.push(JSON.stringify({ id: "given-only", task_type: "comment2context", repo: "acme/widgets", base_commit: widgets.base, query: { pr_title: "Layout", path: "widgets/layout.py", review_comment: "Nit." }, gold: { root_cause_files: ["widgets/layout.py"], related_tests: ["widgets/layout.py"] } }));
    // Beyond the reviewed file, only a file the pull request added.
    lines.push(JSON.stringify({ id: "derived-absent", task_type: "comment2context", repo: "acme/widgets", base_commit: widgets.base, query: { pr_title: "Layout", path: "widgets/layout.py", review_comment: "Split this out." }, gold: { root_cause_files: ["widgets/layout.py"], supporting_files: ["widgets/rows.py"] } }));
  }
  const samplesDir = path.join(dir, "v1");
  fs.mkdirSync(samplesDir);
  const samplesPath = path.join(samplesDir, "samples.jsonl");
  fs.writeFileSync(samplesPath, lines.join("\n") + "\n");
  return { dir, reposDir, samplesPath, widgets, gears, ids, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
