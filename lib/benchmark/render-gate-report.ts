import type { GateReport } from "./gate-report";

// gate-report.md: the readable face of gate-report.json, committed beside the benchmark.

const BUCKET_LABELS: Record<string, string> = {
  selected: "kept as distractors",
  surplus: "usable, not needed (task already had four)",
  passes_all: "rejected: passes every test (equivalent mutant)",
  crashes_everywhere: "rejected: crashes on every test",
  timeout: "rejected: hangs (screening timeout)",
  slow: "rejected: its suite ran longer than half a second",
  syntax_error: "rejected: does not compile",
  duplicate: "rejected: same code as another candidate",
};

function pct1(share: number): string {
  return `${(100 * share).toFixed(1)}%`;
}

function pct(n: number, total: number): string {
  return total ? `${((100 * n) / total).toFixed(1)}%` : "–";
}

function table(header: string[], rows: (string | number)[][]): string[] {
  return [`| ${header.join(" | ")} |`, `| ${header.map(() => "---").join(" | ")} |`, ...rows.map((r) => `| ${r.join(" | ")} |`)];
}

export function renderGateReport(r: GateReport): string {
  const t = r.totals;
  const out: string[] = [
    `# Gate report: ${r.benchmark.name} ${r.benchmark.version}`,
    "",
    `\`${r.benchmark.slug}\` built from ${t.tasks_read} source tasks (sha256 \`${r.source_sha256.slice(0, 16)}\`): ` +
      `**${t.tasks_kept} kept**, ${t.tasks_excluded} excluded. ${t.queries} queries, ${t.corpus} snippets ` +
      `(${t.distractors} distractors: ${t.generated} generated, ${t.hand_written} hand-written). ` +
      `${t.tasks_short_of_four} kept task(s) have fewer than ${r.settings.max_distractors} distractors.`,
    "",
    `Settings: at least ${r.settings.min_distractors} and at most ${r.settings.max_distractors} distractors per task; ` +
      `candidates screened with a ${r.settings.screen_timeout_ms} ms suite timeout; runner version ${r.settings.runner_version}; ` +
      `mutation engine ${r.settings.mutation_engine}. No canonical or candidate whose suite runs longer than ${r.settings.slow_suite_ms} ms is kept, ` +
      `and every kept snippet's suite must finish within ${r.settings.suite_limit_ms} ms (gates 3 and 4).`,
    "",
    "## Gates and sweeps",
    "",
    ...table(["gate", "check", "tasks failing"], r.gates.map((g) => [g.gate, g.name, g.failed])),
    "",
    `- Distractor-sanity sweep: ${r.sweeps.distractor_sanity.distractors_run} distractors run against their own tests, ` +
      `${r.sweeps.distractor_sanity.passed_all_tests.length} passed all of them.`,
    `- Cross-canonical sweep: ${r.sweeps.cross_canonical.snippets_searched} snippets searched, ` +
      `${r.sweeps.cross_canonical.foreign_name_matches_run} define another query's function and were run against its tests, ` +
      `${r.sweeps.cross_canonical.collisions.length} collision(s).`,
    "",
    "## Beside the paper",
    "",
    "The kept distractors' bug-type mix against the paper's released corpus (its Table 2, the six mechanical types):",
    "",
    ...table(
      ["bug type", "distractors", "share", "paper", "difference"],
      r.paper_comparison.bug_types.map((m) => [m.bug_type, m.distractors, pct1(m.share), pct1(m.paper_share), `${m.difference_points >= 0 ? "+" : ""}${m.difference_points.toFixed(1)} pts`]),
    ),
    "",
    `Edit shape of the ${r.paper_comparison.edits.measured} generated distractors (each one edit of its canonical, byte-identical elsewhere):`,
    "",
    ...table(
      ["", "here", "paper"],
      [
        ["edits that change one character", pct1(r.paper_comparison.edits.one_character.share), pct1(r.paper_comparison.edits.one_character.paper_share)],
        ["edits spanning several lines", pct1(r.paper_comparison.edits.multi_line.share), pct1(r.paper_comparison.edits.multi_line.paper_share)],
        ["longest edit", `${r.paper_comparison.edits.longest_lines.ours} lines`, `${r.paper_comparison.edits.longest_lines.paper} lines`],
      ],
    ),
    "",
    `Lines per edit: ${Object.entries(r.paper_comparison.edits.by_lines).map(([l, n]) => `${l}: ${n}`).join(", ")}.`,
    "",
    "## Near-duplicates",
    "",
    `${r.near_duplicates.pairs_compared} task pairs compared by canonical tokens and query words; ${r.near_duplicates.suspects_executed} alike enough ` +
      `to run each canonical, renamed, against the other's tests. ${r.near_duplicates.duplicates.length ? "Excluded:" : "None excluded."}`,
    ...r.near_duplicates.duplicates.map((d) => `- ${d}`),
    "",
    `Kept pairs whose canonicals pass each other's tests while their queries ask for different things (e.g. two sorting algorithms): ${r.near_duplicates.same_behaviour.length || "none"}.`,
    ...r.near_duplicates.same_behaviour.map((d) => `- ${d}`),
    "",
    "## Tasks per domain",
    "",
    ...table(["domain", "tasks read", "tasks kept"], Object.entries(r.tasks_per_domain).map(([d, c]) => [d, c.read, c.kept])),
    "",
    "## Distractors per bug type",
    "",
    ...table(
      ["bug type", "distractors", "share"],
      Object.entries(r.distractors_per_bug_type).map(([b, n]) => [b, n, pct(n, t.distractors)]),
    ),
    "",
    "## Mutation candidates",
    "",
    `${r.candidates.generated} candidates generated for ${r.candidates.tasks_mutated} tasks ` +
      `(${r.candidates.dropped_by_ast_check.not_isolated + r.candidates.dropped_by_ast_check.unparseable} proposed edits ` +
      `dropped before execution because the mutant's AST was not the intended single change).`,
    "",
    ...table(
      ["fate", "candidates", "share"],
      Object.entries(r.candidates.outcomes).map(([b, n]) => [BUCKET_LABELS[b] ?? b, n, pct(n, r.candidates.generated)]),
    ),
    "",
    ...table(
      ["bug type", "generated", "usable", "kept"],
      Object.entries(r.candidates.per_bug_type).map(([b, s]) => [b, s.generated, s.keepable, s.selected]),
    ),
    "",
  ];
  const excluded = r.tasks.filter((x) => x.status === "excluded");
  out.push("## Excluded tasks", "");
  if (!excluded.length) out.push("None.");
  for (const x of excluded) {
    const f = x.failed!;
    out.push(`- \`${x.source}\` ${x.function_name ?? "(unparsed)"}: gate ${f.gate} (${f.name}): ${f.reasons.join("; ")}`);
  }
  const short = r.tasks.filter((x) => x.status === "kept" && x.short_of_four);
  out.push("", `## Kept tasks with fewer than ${r.settings.max_distractors} distractors`, "");
  if (!short.length) out.push("None.");
  for (const x of short) out.push(`- \`${x.source}\` ${x.function_name} (${x.query_id}): ${x.distractors.length}: ${x.short_of_four}`);
  const warned = r.tasks.filter((x) => x.warnings.length);
  out.push("", "## Warnings", "");
  if (!warned.length) out.push("None.");
  for (const x of warned) out.push(`- \`${x.source}\` ${x.function_name}: ${x.warnings.join("; ")}`);
  out.push(
    "",
    "## Build",
    "",
    `Built in ${r.run.build_seconds.toFixed(1)} s with the ${r.run.backend} sandbox: ` +
      `${r.run.pairs_executed} (code, tests) pairs executed, ${r.run.pairs_from_cache} from the execution cache.` +
      (r.run.slowest_canonical_ms !== undefined ? ` Slowest suites as measured: canonical ${r.run.slowest_canonical_ms} ms, distractor ${r.run.slowest_distractor_ms} ms.` : ""),
    "",
  );
  return out.join("\n");
}
