// The import report as Markdown (import-report.md in the dataset).
import type { ImportReport } from "./import-report";
import { TASK_LABELS } from "./tasks";

const mib = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MiB`;

export function renderImportReport(r: ImportReport): string {
  const out: string[] = [];
  out.push(`# Import report: ${r.benchmark.slug} ${r.benchmark.version}`, "");
  out.push(`Source: \`${r.source.file}\` (${r.source.records} records, sha256 \`${r.source.sha256.slice(0, 16)}…\`).`, "");
  out.push(
    `Kept **${r.kept.total}** samples; ${r.kept.excluded_by_gates} left out by the leakage gates; ${r.refused.count} refused${r.refused.count ? (r.refused.skipped ? " and skipped (--skip-refused)" : "") : ""}.`,
    "",
  );
  out.push("| task | kept |", "| --- | ---: |");
  for (const [task, n] of Object.entries(r.kept.by_task)) out.push(`| ${TASK_LABELS[task as keyof typeof TASK_LABELS] ?? task} | ${n} |`);
  out.push("", "## Leakage gates", "", "| gate | fatal | caught | what it checks |", "| --- | --- | ---: | --- |");
  for (const g of r.gates) out.push(`| ${g.gate} | ${g.fatal ? "yes" : "no (kept, noted)"} | ${g.caught} | ${g.description} |`);
  for (const g of r.gates.filter((x) => x.caught)) {
    out.push("", `### ${g.gate} (${g.caught})`, "");
    for (const s of g.samples) out.push(`- \`${s.sample_id}\` (${s.task}, ${s.repo}): ${s.hits.join("; ")}`);
  }
  if (r.given_removed.samples) {
    const g = r.given_removed;
    out.push("", `## Given files taken out of gold (${g.samples})`, "");
    out.push(`A file the query hands over (the reviewed file, the changed file, the anchor) is context, never gold; ${g.samples} kept ${g.samples === 1 ? "sample's record" : "samples' records"} named ${g.files} such ${g.files === 1 ? "file" : "files"} as gold. Not a leak: the rest of their gold is what is scored.`, "");
    for (const e of g.entries) out.push(`- \`${e.sample_id}\` (${e.task}, ${e.repo}): ${e.files.join(", ")}`);
  }
  if (r.refused.count) {
    out.push("", "## Refused samples", "");
    for (const s of r.refused.samples) out.push(`- line ${s.line}${s.sample_id ? ` \`${s.sample_id}\`` : ""}: ${s.reason}`);
  }
  out.push("", "## Corpus", "");
  out.push(
    `${r.corpus.snapshots} snapshots, ${r.corpus.files.toLocaleString("en")} files, ${mib(r.corpus.bytes)}; stored once as ${r.corpus.unique_blobs.toLocaleString("en")} content-addressed blobs (${mib(r.corpus.unique_bytes)}).`,
    "",
    "| repository | commit | files | size | left out (binary, >1 MiB, symlinks, submodules) | new blobs | shared | |",
    "| --- | --- | ---: | ---: | --- | ---: | ---: | --- |",
  );
  for (const s of r.snapshots) {
    const x = s.excluded;
    out.push(`| ${s.repo} | \`${s.commit.slice(0, 12)}\` | ${s.files} | ${mib(s.bytes)} | ${x.binary}, ${x.too_large}, ${x.symlink}, ${x.submodule} | ${s.new_blobs} | ${s.shared_blobs} | ${s.reused ? "already stored" : ""} |`);
  }
  const d = r.dropped_paths;
  if (d.given + d.supporting + d.distractor) out.push("", `Paths named by samples but absent at their base commit were dropped: ${d.given} given, ${d.supporting} supporting, ${d.distractor} distractor.`);
  if (d.derived_gold)
    out.push("", `${d.derived_gold} comment2context gold ${d.derived_gold === 1 ? "file" : "files"} read from a record's other files (no must-context files) ${d.derived_gold === 1 ? "was not a corpus file" : "were not corpus files"} at the base commit (added by the pull request) and left out of gold.`);
  out.push("");
  return out.join("\n");
}
