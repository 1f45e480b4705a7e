// Every statistic of the paper for 939 queries and 25 systems, 5,000 bootstrap replicates:
// per system the headline metrics with intervals and all per-submission analyses, then all
// 300 paired comparisons (McNemar, discordant counts, paired-bootstrap intervals for the three
// metric families at k = 1, 3, 5, 10), per-query difficulty and tie groups.
// Data: the SYNTHETIC paper-size benchmark with 25 synthetic systems of varying quality,
// ranked exactly (d = 64; the ranking is setup, not timed). Run: npx tsx bench/stats.bench.ts
import os from "node:os";
import { buildLayout, scoreAndAnalyze, type SubmissionEvidence } from "@/lib/analysis";
import { compareSystems } from "@/lib/leaderboard/compare-systems";
import { toSystemScores } from "@/lib/leaderboard/system-scores";
import { rankCorpus } from "@/lib/retrieval/rank";
import { SYNTHETIC_LABEL, syntheticBenchmark, syntheticEmbeddings } from "./synthetic/paper-size";

const SYSTEMS = 25, DIMS = 64;
const b = syntheticBenchmark(1);
const layout = buildLayout(b);
const own = b.queries.map((_, q) => b.owner.flatMap((o, j) => (o === q ? [j] : [])));
const canonicalOf = b.queries.map((_, q) => own[q][0]);

const evidence: SubmissionEvidence[] = [];
for (let s = 0; s < SYSTEMS; s++) {
  const { queries, corpus } = syntheticEmbeddings(b, DIMS, 100 + s, 0.6 + s * 0.05);
  const r = rankCorpus({ queries, corpus, dims: DIMS, similarity: "cosine", k: 10, watch: own });
  evidence.push(r.top.map((top, q) => ({ top, scores: r.scores[q], passes: Array.from(top, (row) => row === canonicalOf[q]), ownScores: new Map(own[q].map((row, i) => [row, r.watched[q][i]])) })));
}

const cpu0 = process.cpuUsage();
const t0 = performance.now();
const perSystem = evidence.map((e) => scoreAndAnalyze(layout, e));
const t1 = performance.now();
const cpu1 = process.cpuUsage(cpu0);
const exec1 = (i: number) => perSystem[i].scored.metrics.find((m) => m.name === "exec" && m.k === 1)!.value;
const order = perSystem.map((_, i) => i).sort((x, y) => exec1(y) - exec1(x));
const comparison = compareSystems(b.queries.map((q) => q.queryId), order.map((i) => toSystemScores(`system-${i}`, perSystem[i].scored.perQuery)));
const t2 = performance.now();
const cpu2 = process.cpuUsage(cpu0);
const cpuMs = (c: NodeJS.CpuUsage) => (c.user + c.system) / 1000;

console.log(`${SYNTHETIC_LABEL}: ${b.queries.length} queries, ${b.corpus.length} snippets, ${SYSTEMS} systems, 5,000 replicates; ${os.availableParallelism()} cores, load ${os.loadavg()[0].toFixed(1)}`);
console.log(`per-submission statistics (metrics + CIs, miss attribution, gap, deception, per-domain, pool density) x ${SYSTEMS}: ${(t1 - t0).toFixed(0)} ms wall, ${cpuMs(cpu1).toFixed(0)} ms CPU`);
console.log(`cross-submission (${comparison.pairs.length / 12} pairs x 12 metric/k, difficulty, tie groups): ${(t2 - t1).toFixed(0)} ms wall, ${(cpuMs(cpu2) - cpuMs(cpu1)).toFixed(0)} ms CPU`);
console.log(`all statistics: ${((t2 - t0) / 1000).toFixed(2)} s wall, ${(cpuMs(cpu2) / 1000).toFixed(2)} s CPU (target < 10 s; wall time stretches with the machine's load)`);
const best = perSystem[order[0]];
console.log(
  `sanity: leader exec@1 ${exec1(order[0]).toFixed(3)}, tie group at k=1 ${comparison.tieGroups[0].members.length} systems, ` +
    `pool density d=0..4 ${best.analysis.poolDensity.rows.map((r) => (r.expectedExec1.available ? r.expectedExec1.value.toFixed(3) : "n/a")).join(" ")}`,
);
