// Prints wall-clock ms of exact ranking at the ExecRetrieval shape (939 queries x 4694 corpus
// rows) for common embedding widths. Run: npx tsx bench/rank.bench.ts
import { rankCorpus } from "@/lib/retrieval/rank";

// mulberry32: seeded so every run ranks the same data.
function mulberry32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomMatrix(rows: number, dims: number, seed: number): Float32Array {
  const next = mulberry32(seed);
  const m = new Float32Array(rows * dims);
  for (let i = 0; i < m.length; i++) m[i] = next() * 2 - 1;
  return m;
}

const Q = 939, C = 4694;
for (const dims of [768, 3072, 4096]) {
  const queries = randomMatrix(Q, dims, 1);
  const corpus = randomMatrix(C, dims, 2);
  const watch = Array.from({ length: Q }, (_, i) => [i % C, (i * 5 + 1) % C]);
  for (const similarity of ["cosine", "dot"] as const) {
    const t0 = performance.now();
    const r = rankCorpus({ queries, corpus, dims, similarity, k: 10, watch });
    const ms = performance.now() - t0;
    console.log(`Q=${Q} C=${C} d=${dims} ${similarity.padEnd(6)} ${ms.toFixed(0).padStart(6)} ms  (top1 of q0: ${r.top[0][0]})`);
  }
}
