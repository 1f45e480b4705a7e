// What the shared lifecycle assumes of a benchmark kind, checked for every registered kind, and
// that the shared answers carry whatever metrics a kind scores: a second kind (run files, no
// execution, Recall@k and MRR) must come through the submission view and the CLI's results
// table without either being taught its metric names.
import { describe, expect, it } from "vitest";
import { formatMetricTable } from "@/lib/cli/results-command";
import { BenchmarkKind, SubmissionKind } from "@/lib/db/generated/enums";
import { summaryLine } from "@/lib/cli/submit-command";
import { allKinds, getKind, kindOfMetricTable } from "@/lib/kinds/registry";
import { metricTableSchema } from "@/lib/openapi/schemas/submissions";
import { toMetricTable, type MetricRow } from "@/lib/submissions/serialize";

const row = (name: string, k: number, value: number): MetricRow => ({ name, k, value, ciLow: value - 0.1, ciHigh: value + 0.1 });

describe("the benchmark-kind seam", () => {
  it("has every kind the database can name registered, each with submission types the submissions table can store", () => {
    for (const id of Object.values(BenchmarkKind)) {
      const kind = getKind(id);
      expect(kind.id).toBe(id);
      expect(kind.submissionTypes.length).toBeGreaterThan(0);
      // submissions.kind is an enum: a new kind's migration adds its submission type ids to it.
      for (const t of kind.submissionTypes) expect(Object.values(SubmissionKind), `${id}: ${t.id}`).toContain(t.id);
      const ids = kind.submissionTypes.map((t) => t.id);
      expect(new Set(ids).size).toBe(ids.length);
      // The primary metric is one the kind presents.
      expect(kind.presentation.metrics.some((m) => m.name === kind.presentation.primary.name && m.ks.includes(kind.presentation.primary.k))).toBe(true);
    }
  });

  it("keeps a kind's own metrics in the submission view, whatever their names", () => {
    const table = toMetricTable([row("recall", 5, 0.4), row("mrr", 10, 0.31), row("recall", 20, 0.7), row("recall", 10, 0.5)]);
    expect(table).toEqual({
      mrr: { "10": { value: 0.31, ci95: [0.31 - 0.1, 0.31 + 0.1] } },
      recall: { "5": { value: 0.4, ci95: [0.4 - 0.1, 0.4 + 0.1] }, "10": { value: 0.5, ci95: [0.5 - 0.1, 0.5 + 0.1] }, "20": { value: 0.7, ci95: [0.7 - 0.1, 0.7 + 0.1] } },
    });
    expect(Object.keys(table!)).toEqual(["mrr", "recall"]);
    expect(metricTableSchema.safeParse(table).success).toBe(true);
    expect(toMetricTable([])).toBeNull();
  });

  it("lays out the execution-grounded kind's table as before: exec, execution_precision, ndcg, k ascending", () => {
    const rows = ["ndcg", "exec", "execution_precision"].flatMap((name) => [10, 1, 5, 3].map((k) => row(name, k, k / 10)));
    const table = toMetricTable(rows)!;
    expect(Object.keys(table)).toEqual(["exec", "execution_precision", "ndcg"]);
    expect(Object.keys(table.exec)).toEqual(["1", "3", "5", "10"]);
    expect(metricTableSchema.safeParse(table).success).toBe(true);
  });

  it("prints any kind's metrics in the CLI's results table, named and ordered as the kind presents them", () => {
    const lines = (t: string) => t.split("\n").map((line) => line.split(/\s{2,}/));
    expect(lines(formatMetricTable(toMetricTable([row("ndcg", 10, 0.3), row("exec", 1, 0.5)])!))).toEqual([
      ["metric", "k", "value", "95% CI"],
      ["exec@k", "1", "0.500", "[0.400, 0.600]"],
      ["nDCG@k", "10", "0.300", "[0.200, 0.400]"],
    ]);
    // The second kind presents recall before mrr and bcy (alphabetical order would put bcy first).
    expect(lines(formatMetricTable(toMetricTable([row("bcy", 8000, 0.2), row("mrr", 100, 0.31), row("recall", 5, 0.25)])!)).map((r) => r[0])).toEqual([
      "metric",
      "Recall@k",
      "MRR@k",
      "BCY@k",
    ]);
    // Names no registered kind presents (a table of some other layout) still print, as <name>@k.
    expect(lines(formatMetricTable(toMetricTable([row("exec", 1, 0.5), row("novel", 5, 0.25)])!))).toEqual([
      ["metric", "k", "value", "95% CI"],
      ["exec@k", "1", "0.500", "[0.400, 0.600]"],
      ["novel@k", "5", "0.250", "[0.150, 0.350]"],
    ]);
  });

  it("finds the kind of a metric table by its names, and the CLI's one-line summary from that kind's presentation", () => {
    const exec = toMetricTable(["exec", "execution_precision", "ndcg"].flatMap((n) => [1, 3, 5, 10].map((k) => row(n, k, k / 20))))!;
    const repo = toMetricTable([row("recall", 20, 0.7), row("mrr", 100, 0.31), row("bcy", 8000, 0.125)])!;
    expect(kindOfMetricTable(exec)?.id).toBe("exec_retrieval");
    expect(kindOfMetricTable(repo)?.id).toBe("repo_retrieval");
    expect(kindOfMetricTable({ novel: {} })).toBeNull();
    expect(summaryLine(exec)).toBe("exec@1 0.050  exec@10 0.500  nDCG@10 0.500");
    expect(summaryLine(repo)).toBe("MRR 0.310  Recall@20 0.700  BCY@8k 0.125");
    for (const kind of allKinds()) {
      for (const s of kind.presentation.summary) expect(kind.presentation.metrics.some((m) => m.name === s.name && m.ks.includes(s.k)), `${kind.id}: ${s.label}`).toBe(true);
    }
  });
});
