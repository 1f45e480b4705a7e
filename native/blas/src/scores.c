// Float32 scores by BLAS, their scaling, and the prefilter at each query's k-th best.
#include <cblas.h>
#include <math.h>
#include <stdlib.h>
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

// ---- prefilter(scores: Float32Array, ldc, m, n, k, margins: Float64Array, listed: Int32Array,
// counts: Int32Array) -> survivors in all ---------------------------------------------------
// Per row i of a block of approximate scores: v_k, its k-th largest score, and the columns j
// (ascending) whose score is NOT below v_k - margins[i], written one row after another into
// `listed`, with their number in counts[i]. With margins[i] twice the row's error bound, a
// column below is outscored, strictly and exactly, by the k columns at or above v_k: the
// float32 filter need only look at the survivors (rank-paths.ts). NaN always survives.

napi_value prefilter(napi_env env, napi_callback_info info) {
  array_t s, mg, li, ct;
  size_t ldc, m, n, k;
  if (!get_args(env, info, "fnnnndii", &s, &ldc, &m, &n, &k, &mg, &li, &ct) || k == 0 || ldc < n || mg.length < m || ct.length < m ||
      li.length < m * n || (m > 0 && (m - 1) * ldc + n > s.length))
    return throw_(env, "prefilter(scores, ldc, m, n, k, margins, listed, counts): bad arguments");
  const float* scores = s.data;
  const double* margins = mg.data;
  int32_t* listed = li.data;
  int32_t* counts = ct.data;
  float* best = malloc(sizeof(float) * (k < n ? k : 1));
  if (!best) return throw_(env, "prefilter: out of memory");
  size_t total = 0;
  for (size_t i = 0; i < m; i++) {
    const float* row = scores + i * ldc;
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
      threshold = (double)best[0] - margins[i];
      threshold -= fabs(threshold) * 1e-15;
    }
    int32_t c = 0;
    for (size_t j = 0; j < n; j++) {
      if (!((double)row[j] < threshold)) listed[total + (size_t)c++] = (int32_t)j;
    }
    counts[i] = c;
    total += (size_t)c;
  }
  free(best);
  napi_value result;
  CHECK(napi_create_double(env, (double)total, &result));
  return result;
}

