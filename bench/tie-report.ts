// Tie report: what exact ties do to each baseline's scores on a benchmark directory, under the
// three ways of ordering tied snippets: corpus order (what scoring did before the tie-aware
// engine: the canonical, listed first with the lowest id, always won its ties), the tie-aware
// expectation (what the engine computes now), and the worst case (ties always against the
// passing snippet). Also the exact chance line and the tie diagnostics of each system.
//
//   node --import tsx bench/tie-report.ts [benchmarks/core]
//
// Verdicts come from the benchmark's execution-verified labels: a query's canonical passes its
// tests and every other snippet fails (gates 3-4 and the cross-canonical sweep of the build);
// the service itself executes every snippet it ranks.
import { readBenchmarkDir } from "@/lib/benchmark/read-benchmark-dir";
import { chanceExpectation } from "@/lib/metrics/chance";
import { execAtK, type RankedCandidate } from "@/lib/metrics/tie-aware";
import { bm25Embeddings } from "@/lib/retrieval/bm25";
import { charNgramEmbeddings } from "@/lib/retrieval/char-ngram-embedder";
import { lexicalEmbeddings } from "@/lib/retrieval/lexical-embedder";
import { rankCorpus } from "@/lib/retrieval/rank";
import { plainTokenize } from "@/lib/retrieval/tokenize";

const dir = process.argv[2] ?? "benchmarks/core";
const b = await readBenchmarkDir(dir);
const Q = b.queries.length, C = b.corpus.length;
const rowOf = new Map(b.corpus.map((c, i) => [c.corpus_id, i]));
const correct = b.queries.map((q) => new Set(q.correct_corpus_ids.map((id) => rowOf.get(id)!)));
const own = b.queries.map((q) => b.corpus.flatMap((c, i) => (c.query_id === q.query_id ? [i] : [])));

const textOnly = b.queries.map((q) => ({ id: q.query_id, text: q.query }));
const withName = b.queries.map((q) => ({ id: q.query_id, text: `${q.query} ${q.function_name}` }));
const code = b.corpus.map((c) => ({ id: c.corpus_id, text: c.code }));

// Edit-blind: every snippet of a task shares one vector (a one-hot of its task).
function editBlind() {
  const dims = Q;
  const queryMatrix = new Float32Array(Q * dims), corpusMatrix = new Float32Array(C * dims);
  b.queries.forEach((q, i) => (queryMatrix[i * dims + i] = 1));
  const task = new Map(b.queries.map((q, i) => [q.query_id, i]));
  b.corpus.forEach((c, j) => (corpusMatrix[j * dims + task.get(c.query_id)!] = 1));
  return { dims, queryMatrix, corpusMatrix };
}

const systems: { name: string; similarity: "dot" | "cosine"; m: { dims: number; queryMatrix: Float32Array; corpusMatrix: Float32Array } }[] = [
  { name: "edit-blind (one vector per task)", similarity: "cosine", m: editBlind() },
  { name: "BM25 (query text, plain tokens)", similarity: "dot", m: bm25Embeddings(textOnly, code, { tokenizer: plainTokenize }) },
  { name: "BM25 + function name", similarity: "dot", m: bm25Embeddings(withName, code) },
  { name: "char n-gram TF-IDF", similarity: "cosine", m: charNgramEmbeddings(textOnly, code) },
  { name: "hashed TF-IDF + function name", similarity: "cosine", m: lexicalEmbeddings(withName, code) },
];

const fmt = (v: number) => v.toFixed(3);
console.log(`${dir}: ${Q} queries, ${C} snippets\n`);
console.log("system | k | corpus order (before) | tie-aware (now) | ties against | rank-1 tied | cut-off tied | largest cut-off group | canonical-distractor ties");
console.log("--- | --- | --- | --- | --- | --- | --- | --- | ---");
for (const s of systems) {
  const r = rankCorpus({ queries: s.m.queryMatrix, corpus: s.m.corpusMatrix, dims: s.m.dims, similarity: s.similarity, k: 10, watch: own });
  const lists: RankedCandidate[][] = r.top.map((top, q) => {
    const rows = [...Array.from(top), ...Array.from(r.tied[q])];
    const scores = [...Array.from(r.scores[q]), ...Array.from(r.tied[q], () => r.scores[q][r.scores[q].length - 1])];
    return rows.map((row, i) => ({ score: scores[i], passes: correct[q].has(row), relevant: correct[q].has(row) }));
  });
  let rank1Tied = 0, cutTied = 0, largest = 0, cdTies = 0, cdPairs = 0;
  lists.forEach((l, q) => {
    if (l.length > 1 && l[1].score === l[0].score) rank1Tied++;
    const kth = l[9]?.score;
    const g = l.filter((c) => c.score === kth).length;
    if (l.length > 10) cutTied++;
    largest = Math.max(largest, g);
    const canon = own[q].findIndex((row) => correct[q].has(row));
    own[q].forEach((row, i) => {
      if (i === canon) return;
      cdPairs++;
      if (r.watched[q][i] === r.watched[q][canon]) cdTies++;
    });
  });
  for (const k of [1, 3, 5, 10]) {
    let before = 0, now = 0, worst = 0;
    lists.forEach((l) => {
      before += l.slice(0, k).some((c) => c.passes) ? 1 : 0; // corpus order: the canonical listed first
      now += execAtK(l, k);
      // Ties against: within each group, failing members first.
      const against = [...l].sort((x, y) => y.score - x.score || Number(x.passes) - Number(y.passes));
      worst += against.slice(0, k).some((c) => c.passes) ? 1 : 0;
    });
    const diag = k === 1 ? ` | ${rank1Tied} | ${cutTied} | ${largest} | ${cdTies} of ${cdPairs}` : " | | | |";
    console.log(`${s.name} | ${k} | ${fmt(before / Q)} | ${fmt(now / Q)} | ${fmt(worst / Q)}${diag}`);
  }
}
const chance = chanceExpectation(b.queries.map((q) => q.correct_corpus_ids.length), C);
console.log(`\nchance line (uniformly random ranking, exact): ${[1, 3, 5, 10].map((k) => `exec@${k} ${chance.exec[k].toFixed(4)}`).join(", ")}`);
