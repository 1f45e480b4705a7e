// Exact float64 scores of chosen pairs, with ExactScorer's arithmetic, on several threads.
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "common.h"

// ---- exactScores(queries, qDivisors, corpus, cDivisors, dims, pairQuery: Int32Array,
// pairRow: Int32Array, out: Float64Array, threads): out[p] = the exact score of pair p -------
// Pairs are visited sorted by (block of queries, corpus row, query): a query row is divided by
// its divisor once per block (whose normalised rows are kept), a corpus row once per run of
// pairs that share it; eight pairs then run side by side, each its own sum in order
// t = 0..d-1. The sorted pairs are split between threads, each with its own buffers.

#define LANES 8
#define QUERY_CACHE_BYTES (8u << 20)

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
  size_t d, block;
  const pair_t* pairs;
  size_t first, end;
  double* res;
  int failed;
} exact_job_t;

static void* exact_range(void* arg) {
  exact_job_t* job = arg;
  const size_t d = job->d, block = job->block;
  const pair_t* pairs = job->pairs;
  double* qcache = malloc(sizeof(double) * d * block);
  unsigned char* cached = malloc(block);
  double* crow = malloc(sizeof(double) * d * LANES);
  if (!qcache || !cached || !crow) {
    free(qcache); free(cached); free(crow);
    job->failed = 1;
    return NULL;
  }
  int32_t current_block = -1;
  for (size_t p0 = job->first; p0 < job->end;) {
    // Up to eight pairs of one block of queries (the cache holds that block only).
    size_t lanes = 1;
    while (lanes < LANES && p0 + lanes < job->end && pairs[p0 + lanes].block == pairs[p0].block) lanes++;
    if (pairs[p0].block != current_block) {
      current_block = pairs[p0].block;
      memset(cached, 0, block);
    }
    const double* qp[LANES];
    const double* cp[LANES];
    for (size_t l = 0; l < lanes; l++) {
      const pair_t* pr = &pairs[p0 + l];
      const size_t slot = (size_t)pr->query - (size_t)pr->block * block;
      if (!cached[slot]) {
        normalised_row(job->q, (size_t)pr->query, d, job->qdv[pr->query], qcache + slot * d);
        cached[slot] = 1;
      }
      qp[l] = qcache + slot * d;
      // Lanes holding the same corpus row share its normalised copy.
      if (l > 0 && pairs[p0 + l - 1].row == pr->row) {
        cp[l] = cp[l - 1];
      } else {
        normalised_row(job->c, (size_t)pr->row, d, job->cdv[pr->row], crow + l * d);
        cp[l] = crow + l * d;
      }
    }
    for (size_t l = lanes; l < LANES; l++) qp[l] = qp[0], cp[l] = cp[0];
    double acc[LANES] = {0};
    for (size_t t = 0; t < d; t++) {
      for (int l = 0; l < LANES; l++) acc[l] = acc[l] + qp[l][t] * cp[l][t];
    }
    for (size_t l = 0; l < lanes; l++) job->res[pairs[p0 + l].index] = acc[l];
    p0 += lanes;
  }
  free(qcache); free(cached); free(crow);
  return NULL;
}

#define MAX_THREADS 16

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
  if (!pairs) return throw_(env, "exactScores: out of memory");
  for (size_t p = 0; p < n; p++) pairs[p] = (pair_t){(int32_t)((size_t)pqi[p] / block), pci[p], pqi[p], (uint32_t)p};
  qsort(pairs, n, sizeof(pair_t), compare_pairs);
  // At least 64 pairs a thread: below that a thread costs more than it saves.
  if (threads < 1) threads = 1;
  if (threads > MAX_THREADS) threads = MAX_THREADS;
  if (threads > (n + 63) / 64) threads = (n + 63) / 64;
  exact_job_t jobs[MAX_THREADS];
  pthread_t ids[MAX_THREADS];
  int started[MAX_THREADS] = {0};
  for (size_t i = 0; i < threads; i++) {
    jobs[i] = (exact_job_t){&q, &c, qd.data, cd.data, d, block, pairs, n * i / threads, n * (i + 1) / threads, out.data, 0};
    // The calling thread takes the first range; a thread that cannot start leaves its range to it.
    if (i > 0) started[i] = pthread_create(&ids[i], NULL, exact_range, &jobs[i]) == 0;
  }
  exact_range(&jobs[0]);
  int failed = jobs[0].failed;
  for (size_t i = 1; i < threads; i++) {
    if (started[i]) pthread_join(ids[i], NULL);
    else exact_range(&jobs[i]);
    failed |= jobs[i].failed;
  }
  free(pairs);
  if (failed) return throw_(env, "exactScores: out of memory");
  return NULL;
}

