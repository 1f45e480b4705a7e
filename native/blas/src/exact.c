// Exact float64 scores of chosen pairs, with ExactScorer's arithmetic, on several threads.
#include <stdlib.h>
#include <string.h>
#include "common.h"

// ---- exactScores(queries, qDivisors, corpus, cDivisors, dims, pairQuery: Int32Array,
// pairRow: Int32Array, out: Float64Array, threads): out[p] = the exact score of pair p -------
// Pairs are visited sorted by (block of queries, corpus row, query). For each block, the
// block's queries that have pairs are divided by their divisors once, into a cache that all
// threads read (QUERY_CACHE_BYTES holds every query at the paper's shape, so a corpus row is
// divided once in all); the block's pairs are then split between threads, and each divides a
// corpus row once per run of pairs that share it. Eight pairs run side by side, each its own
// sum in order t = 0..d-1.

#define LANES 8
#define QUERY_CACHE_BYTES (32u << 20)

static void normalised_row(const array_t* m, size_t r, size_t d, double divisor, double* out) {
  switch (m->kind) {
    case F32: {
      const float* v = (const float*)m->data + r * d;
      for (size_t t = 0; t < d; t++) out[t] = (double)v[t] / divisor;
      break;
    }
    case F64: {
      const double* v = (const double*)m->data + r * d;
      for (size_t t = 0; t < d; t++) out[t] = v[t] / divisor;
      break;
    }
    default: {
      const uint16_t* v = (const uint16_t*)m->data + r * d;
      for (size_t t = 0; t < d; t++) out[t] = (double)half_table[v[t]] / divisor;
      break;
    }
  }
}

typedef struct {
  int32_t block, row, query;
  uint32_t index;
} pair_t;

static int compare_pairs(const void* x, const void* y) {
  const pair_t* a = x;
  const pair_t* b = y;
  if (a->block != b->block) return a->block < b->block ? -1 : 1;
  if (a->row != b->row) return a->row < b->row ? -1 : 1;
  if (a->query != b->query) return a->query < b->query ? -1 : 1;
  return a->index < b->index ? -1 : a->index > b->index;
}

typedef struct {
  const array_t *q, *c;
  const double *qdv, *cdv;
  size_t d;
  // The block's first query, and the cache of its normalised rows (slot = query - first).
  size_t first_query;
  double* qcache;
  const unsigned char* wanted;  // per slot: whether the block has pairs of that query
  size_t first_slot, end_slot;  // the slots this job normalises (phase one)
  const pair_t* pairs;
  size_t first, end;            // the pairs this job scores (phase two)
  double* res;
  int failed;
} exact_job_t;

static void* normalise_queries(void* arg) {
  exact_job_t* job = arg;
  for (size_t slot = job->first_slot; slot < job->end_slot; slot++) {
    if (!job->wanted[slot]) continue;
    const size_t query = job->first_query + slot;
    normalised_row(job->q, query, job->d, job->qdv[query], job->qcache + slot * job->d);
  }
  return NULL;
}

static void* score_pairs(void* arg) {
  exact_job_t* job = arg;
  const size_t d = job->d;
  const pair_t* pairs = job->pairs;
  // One normalised corpus row a lane, and a spare: a group's first lanes may go on with the
  // row the group before ended with, in whatever slot it was; a new row of lane l goes to slot
  // l, or to the spare when slot l holds that carried-over row.
  double* crow = malloc(sizeof(double) * d * (LANES + 1));
  if (!crow) {
    job->failed = 1;
    return NULL;
  }
  int32_t last_row = -1;  // the corpus row normalised last, and its slot
  size_t last_slot = LANES;
  for (size_t p0 = job->first; p0 < job->end;) {
    const size_t lanes = job->end - p0 < LANES ? job->end - p0 : LANES;
    const size_t carried = last_slot;
    const double* qp[LANES];
    const double* cp[LANES];
    for (size_t l = 0; l < lanes; l++) {
      const pair_t* pr = &pairs[p0 + l];
      qp[l] = job->qcache + ((size_t)pr->query - job->first_query) * d;
      // Pairs are in row order: lanes of one row follow each other and share its copy.
      if (pr->row != last_row) {
        last_slot = l == carried ? LANES : l;
        last_row = pr->row;
        normalised_row(job->c, (size_t)pr->row, d, job->cdv[pr->row], crow + last_slot * d);
      }
      cp[l] = crow + last_slot * d;
    }
    for (size_t l = lanes; l < LANES; l++) qp[l] = qp[0], cp[l] = cp[0];
    double acc[LANES] = {0};
    for (size_t t = 0; t < d; t++) {
      for (int l = 0; l < LANES; l++) acc[l] = acc[l] + qp[l][t] * cp[l][t];
    }
    for (size_t l = 0; l < lanes; l++) job->res[pairs[p0 + l].index] = acc[l];
    p0 += lanes;
  }
  free(crow);
  return NULL;
}

napi_value exact_scores(napi_env env, napi_callback_info info) {
  array_t q, qd, c, cd, pq, pc, out;
  size_t d, threads;
  if (!get_args(env, info, "MdMdniidn", &q, &qd, &c, &cd, &d, &pq, &pc, &out, &threads) || d == 0 || q.length % d != 0 || c.length % d != 0 ||
      qd.length != q.length / d || cd.length != c.length / d || pq.length != pc.length || out.length != pq.length || pq.length > UINT32_MAX)
    return throw_(env, "exactScores(queries, qDivisors, corpus, cDivisors, dims, pairQuery, pairRow, out, threads): bad arguments");
  const int32_t* pqi = pq.data;
  const int32_t* pci = pc.data;
  const size_t n = pq.length;
  for (size_t p = 0; p < n; p++) {
    if (pqi[p] < 0 || (size_t)pqi[p] >= qd.length || pci[p] < 0 || (size_t)pci[p] >= cd.length) return throw_(env, "exactScores: pair out of range");
  }
  if (n == 0) return NULL;
  init_half();
  size_t block = QUERY_CACHE_BYTES / (sizeof(double) * d);
  if (block < 1) block = 1;
  if (block > qd.length) block = qd.length;
  pair_t* pairs = malloc(sizeof(pair_t) * n);
  double* qcache = malloc(sizeof(double) * d * block);
  unsigned char* wanted = malloc(block);
  if (!pairs || !qcache || !wanted) {
    free(pairs); free(qcache); free(wanted);
    return throw_(env, "exactScores: out of memory");
  }
  for (size_t p = 0; p < n; p++) pairs[p] = (pair_t){(int32_t)((size_t)pqi[p] / block), pci[p], pqi[p], (uint32_t)p};
  qsort(pairs, n, sizeof(pair_t), compare_pairs);
  if (threads < 1) threads = 1;
  if (threads > MAX_THREADS) threads = MAX_THREADS;
  exact_job_t jobs[MAX_THREADS];
  int failed = 0;
  for (size_t b0 = 0; b0 < n && !failed;) {
    size_t b1 = b0;
    while (b1 < n && pairs[b1].block == pairs[b0].block) b1++;
    const size_t first_query = (size_t)pairs[b0].block * block;
    const size_t slots = qd.length - first_query < block ? qd.length - first_query : block;
    memset(wanted, 0, slots);
    size_t used = 0;
    for (size_t p = b0; p < b1; p++) {
      const size_t slot = (size_t)pairs[p].query - first_query;
      used += !wanted[slot];
      wanted[slot] = 1;
    }
    // At least 64 pairs and 8 query rows a thread: below that a thread costs more than it saves.
    size_t scorers = threads, normalisers = threads;
    if (scorers > (b1 - b0 + 63) / 64) scorers = (b1 - b0 + 63) / 64;
    if (normalisers > (used + 7) / 8) normalisers = (used + 7) / 8;
    for (size_t i = 0; i < normalisers; i++) {
      jobs[i] = (exact_job_t){&q, &c, qd.data, cd.data, d, first_query, qcache, wanted, slots * i / normalisers, slots * (i + 1) / normalisers, pairs, 0, 0, out.data, 0};
    }
    run_threads(normalise_queries, jobs, sizeof jobs[0], normalisers);
    for (size_t i = 0; i < scorers; i++) {
      jobs[i] = (exact_job_t){&q, &c, qd.data, cd.data, d, first_query, qcache, wanted, 0, 0, pairs, b0 + (b1 - b0) * i / scorers, b0 + (b1 - b0) * (i + 1) / scorers, out.data, 0};
    }
    run_threads(score_pairs, jobs, sizeof jobs[0], scorers);
    for (size_t i = 0; i < scorers; i++) failed |= jobs[i].failed;
    b0 = b1;
  }
  free(pairs); free(qcache); free(wanted);
  if (failed) return throw_(env, "exactScores: out of memory");
  return NULL;
}
