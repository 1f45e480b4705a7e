// The changelog's scoring engines are numbered per kind of benchmark: the repository track's
// engine 1 is not the first track's engine 1 (ties in corpus order), and must never be described
// as it.
import { describe, expect, it } from "vitest";
import { getKind } from "@/lib/kinds/registry";
import { ENGINE_NOTES, engineEntries } from "@/lib/pages/changelog";

const at = (d: string) => new Date(`2026-12-02T${d}:00Z`);
const exec = getKind("exec_retrieval").engine.version;
const repo = getKind("repo_retrieval").engine.version;

describe("changelog engines", () => {
  it("describes each kind's runs with its own kind's engine notes", () => {
    const entries = engineEntries(
      [
        { k: "exec_retrieval", v: exec, first: at("00:10"), last: at("00:20"), n: 4 },
        { k: "repo_retrieval", v: repo, first: at("00:21"), last: at("00:22"), n: 3 },
      ],
      new Set(["exec_retrieval", "repo_retrieval"]),
    );
    const byKind = (k: string) => entries.filter((e) => e.kind === "engine" && e.benchmarkKind === k);
    expect(byKind("exec_retrieval")).toMatchObject([{ version: exec, current: true, evaluations: 4, note: ENGINE_NOTES.exec_retrieval[exec], kindTitle: getKind("exec_retrieval").title }]);
    expect(byKind("repo_retrieval")).toMatchObject([{ version: repo, current: true, evaluations: 3, note: ENGINE_NOTES.repo_retrieval[repo], kindTitle: getKind("repo_retrieval").title }]);
    // The repository runs are never told they ranked ties in corpus order.
    for (const e of byKind("repo_retrieval")) expect(e.kind === "engine" && e.note).not.toMatch(/corpus order/);
  });

  it("keeps an older engine of a kind that was used here, and says nothing of kinds never seen", () => {
    const entries = engineEntries([{ k: "exec_retrieval", v: null, first: at("00:01"), last: at("00:02"), n: 2 }], new Set(["exec_retrieval"]));
    expect(entries.map((e) => e.kind === "engine" && [e.benchmarkKind, e.version, e.current, e.evaluations])).toEqual([
      ["exec_retrieval", 1, false, 2],
      ["exec_retrieval", exec, true, 0],
    ]);
    expect(engineEntries([], new Set())).toEqual([]);
  });

  it("has a note for every engine version each kind has had", () => {
    for (const id of ["exec_retrieval", "repo_retrieval"] as const) {
      for (let v = 1; v <= getKind(id).engine.version; v++) expect(ENGINE_NOTES[id][v], `${id} engine ${v}`).toBeTruthy();
    }
  });
});
