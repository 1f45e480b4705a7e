import { describe, expect, it } from "vitest";
import { pickRuns } from "@/lib/drilldown/pick-runs";

// After a runner change a snippet may have cached runs of several runners; the drilldown shows
// the one of the runner that scored the result, so its outcomes agree with its pass flags.
describe("pickRuns", () => {
  const rows = [
    { codeHash: "a", runnerVersion: "3", outcomes: ["pass"], observations: null },
    { codeHash: "a", runnerVersion: "2", outcomes: ["FAIL"], observations: [{ got: "1" }] },
    { codeHash: "a", runnerVersion: "3+screen-1000ms", outcomes: ["TIMEOUT"], observations: null },
    { codeHash: "b", runnerVersion: "1", outcomes: ["ERROR:X"], observations: null },
    { codeHash: "c", runnerVersion: "2+screen-1000ms", outcomes: ["pass"], observations: null },
  ];
  const outcomes = (m: Map<string, { outcomes: string[] }>) => new Map([...m].map(([k, v]) => [k, v.outcomes]));

  it("prefers the scoring runner, then the current one, then any full run, never a screening run", () => {
    expect(outcomes(pickRuns(rows, "2", "3"))).toEqual(new Map([["a", ["FAIL"]], ["b", ["ERROR:X"]]]));
    expect(outcomes(pickRuns(rows, "3", "3"))).toEqual(new Map([["a", ["pass"]], ["b", ["ERROR:X"]]]));
    expect(pickRuns(rows, null, "3").get("a")?.outcomes).toEqual(["pass"]);
    expect(pickRuns([...rows].reverse(), "1", "3").get("a")?.outcomes).toEqual(["pass"]);
  });

  it("keeps the whole row, so outcomes and observations come from the same run", () => {
    expect(pickRuns(rows, "2", "3").get("a")).toBe(rows[1]);
  });
});
