// Float32 scores by BLAS, their scaling, and the prefilter at each query's k-th best.
#include <cblas.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "common.h"

// OpenBLAS's thread control (OpenBLAS's cblas.h declares it; declared here for other headers).
void openblas_set_num_threads(int num_threads);

// ---- sgemmNT(a: Float32Array, lda, b: Float32Array, ldb, out: Float32Array, ldc, m, n, k,
// threads): out[i*ldc + j] = sum_t a[i*lda + t] * b[j*ldb + t] for i < m, j < n -------------

napi_value sgemm_nt(napi_env env, napi_callback_info info) {
  array_t a, b, c;
  size_t lda, ldb, ldc, m, n, k, threads;
  if (!get_args(env, info, "fnfnfnnnnn", &a, &lda, &b, &ldb, &c, &ldc, &m, &n, &k, &threads) || k == 0 || lda < k || ldb < k || ldc < n ||
      m > INT32_MAX || n > INT32_MAX || lda > INT32_MAX || ldb > INT32_MAX || ldc > INT32_MAX ||
      (m > 0 && (m - 1) * lda + k > a.length) || (n > 0 && (n - 1) * ldb + k > b.length) || (m > 0 && (m - 1) * ldc + n > c.length))
    return throw_(env, "sgemmNT(a, lda, b, ldb, out, ldc, m, n, k, threads): bad arguments");
  if (m == 0 || n == 0) return NULL;
  openblas_set_num_threads(threads < 1 ? 1 : (int)threads);
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, (int)m, (int)n, (int)k, 1.0f, a.data, (int)lda, b.data, (int)ldb, 0.0f, c.data, (int)ldc);
  return NULL;
}

// ---- scaleScores(scores: Float32Array, ldc, m, n, rowScale: Float64Array, colScale:
// Float64Array): scores[i*ldc + j] = float32(scores[i*ldc + j] * rowScale[i] * colScale[j]) ----

napi_value scale_scores(napi_env env, napi_callback_info info) {
  array_t s, rs, cs;
  size_t ldc, m, n;
  if (!get_args(env, info, "fnnndd", &s, &ldc, &m, &n, &rs, &cs) || ldc < n || rs.length < m || cs.length < n ||
      (m > 0 && (m - 1) * ldc + n > s.length))
    return throw_(env, "scaleScores(scores, ldc, m, n, rowScale, colScale): bad arguments");
  float* out = s.data;
  const double* r = rs.data;
  const double* col = cs.data;
  for (size_t i = 0; i < m; i++) {
    float* row = out + i * ldc;
    const double ri = r[i];
    for (size_t j = 0; j < n; j++) row[j] = (float)((double)row[j] * ri * col[j]);
  }
  return NULL;
}

// ---- prefilter(scores: Float32Array, ldc, m, n, k, margins: Float64Array, rowScale:
// Float64Array, colScale: Float64Array, counts: Int32Array, threads) -> Int32Array listed -----
// Per row i of a block of approximate scores: v_k, its k-th largest score, and the columns j
// (ascending) whose score is NOT below v_k - margins[i], returned one row after another in a
// new Int32Array, with their number in counts[i]. With margins[i] twice the row's error bound,
// a column below is outscored, strictly and exactly, by the k columns at or above v_k: the
// float32 filter need only look at the survivors (rank-paths.ts). NaN always survives.
// Given scales (rowScale of m values and colScale of n, else both empty), each score is first
// scaled in place exactly as scaleScores does, in the same pass. Rows are split between
// `threads` threads, this one included; the result does not depend on their number.

typedef struct {
  float* scores;
  size_t ldc, n, k, first, end;
  const double *margins, *row_scale, *col_scale;
  int32_t* counts;
  int32_t* listed;
  size_t size, capacity;
  int failed;
} prefilter_job_t;

static int push_listed(prefilter_job_t* job, int32_t j) {
  if (job->size == job->capacity) {
    size_t capacity = job->capacity ? job->capacity * 2 : 1024;
    int32_t* grown = realloc(job->listed, sizeof(int32_t) * capacity);
    if (!grown) return 0;
    job->listed = grown;
    job->capacity = capacity;
  }
  job->listed[job->size++] = j;
  return 1;
}

static void* prefilter_range(void* arg) {
  prefilter_job_t* job = arg;
  const size_t n = job->n, k = job->k;
  float* best = malloc(sizeof(float) * (k < n ? k : 1));
  if (!best) {
    job->failed = 1;
    return NULL;
  }
  for (size_t i = job->first; i < job->end; i++) {
    float* row = job->scores + i * job->ldc;
    if (job->row_scale) {
      const double ri = job->row_scale[i];
      const double* col = job->col_scale;
      for (size_t j = 0; j < n; j++) row[j] = (float)((double)row[j] * ri * col[j]);
    }
    double threshold = -INFINITY;
    if (n > k) {
      // The k largest so far, ascending (best[0] is the k-th largest); NaN counts as -inf.
      size_t size = 0;
      for (size_t j = 0; j < n; j++) {
        const float f = row[j] == row[j] ? row[j] : -INFINITY;
        if (size == k && !(f > best[0])) continue;
        size_t p;
        if (size < k) {
          p = size++;
          while (p > 0 && best[p - 1] > f) best[p] = best[p - 1], p--;
        } else {
          p = 0;
          while (p + 1 < k && best[p + 1] < f) best[p] = best[p + 1], p++;
        }
        best[p] = f;
      }
      // Rounded down a little, so that rounding never excludes a column it should keep.
      threshold = (double)best[0] - job->margins[i];
      threshold -= fabs(threshold) * 1e-15;
    }
    const size_t before = job->size;
    for (size_t j = 0; j < n; j++) {
      if (!((double)row[j] < threshold) && !push_listed(job, (int32_t)j)) {
        job->failed = 1;
        free(best);
        return NULL;
      }
    }
    job->counts[i] = (int32_t)(job->size - before);
  }
  free(best);
  return NULL;
}

// Rows a thread takes at the least: below that a thread costs more than it saves.
#define MIN_ROWS_PER_THREAD 16

napi_value prefilter(napi_env env, napi_callback_info info) {
  array_t s, mg, rs, cs, ct;
  size_t ldc, m, n, k, threads;
  if (!get_args(env, info, "fnnnnddd" "in", &s, &ldc, &m, &n, &k, &mg, &rs, &cs, &ct, &threads) || k == 0 || ldc < n || mg.length < m || ct.length < m ||
      n > INT32_MAX || (m > 0 && (m - 1) * ldc + n > s.length) || !((rs.length == 0 && cs.length == 0) || (rs.length >= m && cs.length >= n)))
    return throw_(env, "prefilter(scores, ldc, m, n, k, margins, rowScale, colScale, counts, threads): bad arguments");
  if (threads < 1) threads = 1;
  if (threads > MAX_THREADS) threads = MAX_THREADS;
  const size_t most = m > MIN_ROWS_PER_THREAD ? (m + MIN_ROWS_PER_THREAD - 1) / MIN_ROWS_PER_THREAD : 1;
  if (threads > most) threads = most;
  const int scaled = rs.length > 0 || cs.length > 0;
  prefilter_job_t jobs[MAX_THREADS];
  for (size_t t = 0; t < threads; t++) {
    jobs[t] = (prefilter_job_t){s.data, ldc, n, k, m * t / threads, m * (t + 1) / threads, mg.data, scaled ? rs.data : NULL, scaled ? cs.data : NULL, ct.data, NULL, 0, 0, 0};
  }
  run_threads(prefilter_range, jobs, sizeof jobs[0], threads);
  int failed = 0;
  size_t total = 0;
  for (size_t t = 0; t < threads; t++) {
    failed |= jobs[t].failed;
    total += jobs[t].size;
  }
  napi_value buffer, result = NULL;
  void* data = NULL;
  if (!failed && napi_create_arraybuffer(env, sizeof(int32_t) * total, &data, &buffer) == napi_ok &&
      napi_create_typedarray(env, napi_int32_array, total, buffer, 0, &result) == napi_ok) {
    size_t at = 0;
    for (size_t t = 0; t < threads; t++) {
      if (jobs[t].size) memcpy((int32_t*)data + at, jobs[t].listed, sizeof(int32_t) * jobs[t].size);
      at += jobs[t].size;
    }
  }
  for (size_t t = 0; t < threads; t++) free(jobs[t].listed);
  if (failed) return throw_(env, "prefilter: out of memory");
  if (!result) return throw_(env, "napi call failed: prefilter's result");
  return result;
}
