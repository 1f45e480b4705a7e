// The build report of a mined benchmark: what the history held and which commits were signal,
// per task how many candidates there were, why others were skipped and how many were kept, what
// each gate caught (with the source and the reason), what redaction removed, how the trace2code
// sandbox runs went and which tools they depended on. No times, no host names: the report is
// part of the benchmark directory and a rebuild writes it byte for byte.
import type { BuildArbMeta } from "./build-arb";
import { GATE_DESCRIPTIONS, GATES, type GateFailure, type GateName } from "./gates";
import type { HistoryScan } from "./history";
import type { TraceReport } from "./mine-trace2code";
import { MINED_TASKS, minedTaskOf, type MinedTask, type SampleRecord } from "./records";
import type { RedactionCounts } from "./redact";

export interface TaskTally {
  candidates: number;
  skipped: Record<string, number>;
}

export interface BuildReport {
  benchmark: { slug: string; name: string; version: string; repo: string; base_commit: string };
  miner_version: number;
  seed: string;
  tools: Record<string, string>;
  corpus_files: number;
  history: { reachable: number; signal_commits: number; skipped: HistoryScan["skipped"] };
  tasks: Record<MinedTask, { candidates: number; kept: number; caught: number; skipped: Record<string, number> }>;
  gates: { gate: GateName; description: string; caught: number; samples: { task: MinedTask; source: string; detail: string }[] }[];
  redaction: RedactionCounts & { samples_redacted: number };
  trace2code: TraceReport | null;
  counterfactual_sources: string[];
  totals: { samples: number; by_task: Record<MinedTask, number>; gold_files: number; distinct_gold_files: number };
}

export interface ReportInput {
  meta: BuildArbMeta;
  base: string;
  minerVersion: number;
  seed: string;
  toolVersions: Record<string, string>;
  scan: HistoryScan;
  tally: Record<MinedTask, TaskTally>;
  caught: { task: MinedTask; source: string; failures: GateFailure[] }[];
  kept: SampleRecord[];
  trace: TraceReport | null;
  redaction: RedactionCounts;
  redactedSamples: number;
  counterfactualSources: string[];
  corpusFiles: number;
}

function goldFiles(s: SampleRecord): string[] {
  return [...(s.gold.files ?? []), ...(s.task_type === "code2test" ? (s.gold.related_tests ?? []) : []), ...(s.gold.root_cause_files ?? [])];
}

export function buildReport(x: ReportInput): BuildReport {
  const byTask = Object.fromEntries(MINED_TASKS.map((t) => [t, x.kept.filter((s) => minedTaskOf(s) === t).length])) as Record<MinedTask, number>;
  const caughtBy = (t: MinedTask) => x.caught.filter((c) => c.task === t).length;
  const gold = x.kept.flatMap(goldFiles);
  const sorted = <V>(o: Record<string, V>): Record<string, V> => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));
  return {
    benchmark: { slug: x.meta.slug, name: x.meta.name, version: x.meta.version, repo: x.meta.repo, base_commit: x.base },
    miner_version: x.minerVersion,
    seed: x.seed,
    tools: sorted(x.toolVersions),
    corpus_files: x.corpusFiles,
    history: { reachable: x.scan.reachable, signal_commits: x.scan.commits.length, skipped: x.scan.skipped },
    tasks: Object.fromEntries(MINED_TASKS.map((t) => [t, { candidates: x.tally[t].candidates, kept: byTask[t], caught: caughtBy(t), skipped: sorted(x.tally[t].skipped) }])) as BuildReport["tasks"],
    gates: GATES.map((g) => {
      const samples = x.caught.flatMap((c) => c.failures.filter((f) => f.gate === g).map((f) => ({ task: c.task, source: c.source, detail: f.detail })));
      return { gate: g, description: GATE_DESCRIPTIONS[g], caught: samples.length, samples };
    }),
    redaction: { ...x.redaction, samples_redacted: x.redactedSamples },
    trace2code: x.trace,
    counterfactual_sources: x.counterfactualSources,
    totals: { samples: x.kept.length, by_task: byTask, gold_files: gold.length, distinct_gold_files: new Set(gold).size },
  };
}

const TASK_LABEL: Record<MinedTask, string> = { code2test: "code2test", edit2ripple: "edit2ripple", trace2code: "trace2code", nogold_counterfactual: "no-gold (counterfactual)" };

export function renderBuildReport(r: BuildReport): string {
  const lines: string[] = [];
  const b = r.benchmark;
  lines.push(`# Build report: ${b.name} ${b.version}`, "");
  lines.push(`Mined from \`${b.repo}\` at \`${b.base_commit}\` by \`execboard benchmark build-arb\` (miner ${r.miner_version}, seed \`${r.seed.slice(0, 12)}\`). Every sample is asked of the repository at that one commit: ${r.corpus_files} corpus files.`, "");
  if (Object.keys(r.tools).length) lines.push(`Tools the traces depend on: ${Object.entries(r.tools).map(([k, v]) => `${k} ${v}`).join(", ")}.`, "");
  lines.push("## Samples", "", "| task | candidates | caught by a gate | kept |", "| --- | ---: | ---: | ---: |");
  for (const [t, v] of Object.entries(r.tasks) as [MinedTask, BuildReport["tasks"][MinedTask]][]) lines.push(`| ${TASK_LABEL[t]} | ${v.candidates} | ${v.caught} | ${v.kept} |`);
  lines.push(`| **all** | ${Object.values(r.tasks).reduce((a, v) => a + v.candidates, 0)} | ${Object.values(r.tasks).reduce((a, v) => a + v.caught, 0)} | **${r.totals.samples}** |`, "");
  lines.push(`${r.totals.gold_files} gold files in all (${r.totals.distinct_gold_files} distinct).`, "");
  lines.push("Not mined: comment2context (it needs review comments on a diff) and natural no-gold samples (they need issue threads resolved outside the repository); a git history holds neither.", "");
  lines.push("## History", "");
  const s = r.history.skipped;
  lines.push(`${r.history.reachable} commits reachable from the base; ${r.history.signal_commits} are signal. Left out: ${s.merge} merges, ${s.root} root, ${s.revert} reverts, ${s.no_code} that change no code, test or configuration file, ${s.too_large} too large.`, "");
  for (const [t, v] of Object.entries(r.tasks) as [MinedTask, BuildReport["tasks"][MinedTask]][]) {
    const skips = Object.entries(v.skipped);
    if (skips.length) lines.push(`- ${TASK_LABEL[t]}: commits or candidates not taken: ${skips.map(([k, n]) => `${n} ${k.replace(/_/g, " ")}`).join(", ")}`);
  }
  lines.push("", "## Redaction", "");
  const x = r.redaction;
  lines.push(`Commit messages of ${x.samples_redacted} kept samples were redacted: ${x.paths} paths, ${x.hashes} commit hashes, ${x.urls} URLs, ${x.patch_lines} lines of patch text and ${x.trailers} trailers removed. Failure excerpts never name the mutated file or its lines.`, "");
  lines.push("## Gates", "", "| gate | what it catches | caught |", "| --- | --- | ---: |");
  for (const g of r.gates) lines.push(`| ${g.gate} | ${g.description} | ${g.caught} |`);
  for (const g of r.gates.filter((y) => y.caught)) {
    lines.push("", `### ${g.gate}`, "");
    for (const c of g.samples) lines.push(`- ${TASK_LABEL[c.task]} \`${c.source}\`: ${c.detail}`);
  }
  if (r.trace2code) {
    const t = r.trace2code;
    lines.push("", "## trace2code runs", "");
    lines.push(`The project's ${t.runner} config selects ${t.test_files_listed} test files; ${t.test_files_usable} pass at the base in the sandbox (no network, no services). ${t.source_files_reachable} source files are reached by them; ${t.source_files_tried} were tried.`, "");
    lines.push(`Trials: ${Object.entries(t.trials).map(([k, n]) => `${n} ${k.replace(/_/g, " ")}`).join(", ")}. Kept by family: ${Object.entries(t.kept_by_family).map(([k, n]) => `${k} ${n}`).join(", ")}.`, "");
    if (t.unusable.length) {
      lines.push("<details><summary>Test files not usable at the base</summary>", "");
      for (const u of t.unusable) lines.push(`- \`${u.file}\`: ${u.why}`);
      lines.push("", "</details>");
    }
  }
  if (r.counterfactual_sources.length) lines.push("", "## Counterfactual controls", "", `Queries taken from the samples of ${r.counterfactual_sources.map((f) => `\`${f}\``).join(", ")}, asked of this repository: nothing should be returned.`);
  return lines.join("\n") + "\n";
}
