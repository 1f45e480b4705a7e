// ExecBoard's native ranking helpers: a Node-API addon over the system OpenBLAS.
//
// lib/retrieval/native-blas.ts loads it when it has been built (scripts/build-native.sh) and
// otherwise ranks with the WebAssembly kernels; every function here has a JavaScript twin
// there or in lib/retrieval, and the results are the same either way:
//   rowStats     per row: the float64 sum of squares (sequential, t = 0..d-1), the largest
//                magnitude and whether a value is not finite (exact-scorer.ts normalise()).
//   toF32        rows divided by their float64 divisor, rounded to float32 (f32-scorer.ts).
//   sgemmNT      float32 scores of query rows against corpus rows: cblas_sgemm. Its error is
//                bounded for any summation order, with or without FMA (error-bound.ts).
//   scaleScores  raw float32 products scaled by 1/(query divisor * corpus divisor).
//   prefilter    per query, the columns within a margin of its k-th best float32 score
//                (CandidateFilter.offerListed takes only these).
//   exactScores  float64 scores of chosen pairs with exactly ExactScorer's arithmetic: each
//                value divided by its row's divisor, a sequential sum of separately rounded
//                products. Bit-identical to the JavaScript: built with -ffp-contract=off and
//                without -ffast-math, on SSE2 doubles (no extended precision).
// Matrices are Float32Array, Float64Array or Uint16Array (float16 bit patterns), row-major.
#include <cblas.h>
#include <math.h>
#include <node_api.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// OpenBLAS's thread control (cblas.h of OpenBLAS declares it; declared here for other headers).
void openblas_set_num_threads(int num_threads);

#define CHECK(call)                                   \
  do {                                                \
    if ((call) != napi_ok) return throw_(env, "napi call failed: " #call); \
  } while (0)

static napi_value throw_(napi_env env, const char* message) {
  napi_throw_error(env, NULL, message);
  return NULL;
}

// ---- float16 ------------------------------------------------------------------------------

static float half_table[65536];
static int half_ready = 0;

// IEEE binary16 to binary32, exactly (every half is a float).
static float half_to_float(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000) << 16, e = (h >> 10) & 0x1f, m = h & 0x3ff, bits;
  if (e == 0) {
    float f = (float)m * 0x1p-24f;  // zero or subnormal: m * 2^-24 is exact
    return sign ? -f : f;
  }
  if (e == 31) bits = sign | 0x7f800000u | (m << 13);
  else bits = sign | ((e + 112) << 23) | (m << 13);
  float f;
  memcpy(&f, &bits, sizeof f);
  return f;
}

static void init_half(void) {
  if (half_ready) return;
  for (uint32_t h = 0; h < 65536; h++) half_table[h] = half_to_float((uint16_t)h);
  half_ready = 1;
}

// ---- typed-array arguments ----------------------------------------------------------------

enum kind { F16, F32, F64, I32 };

typedef struct {
  enum kind kind;
  void* data;
  size_t length;
} array_t;

static int get_array(napi_env env, napi_value v, array_t* out) {
  napi_typedarray_type type;
  size_t length;
  void* data;
  if (napi_get_typedarray_info(env, v, &type, &length, &data, NULL, NULL) != napi_ok) return 0;
  switch (type) {
    case napi_uint16_array: out->kind = F16; break;
    case napi_float32_array: out->kind = F32; break;
    case napi_float64_array: out->kind = F64; break;
    case napi_int32_array: out->kind = I32; break;
    default: return 0;
  }
  out->data = data;
  out->length = length;
  return 1;
}

static int get_size(napi_env env, napi_value v, size_t* out) {
  double d;
  if (napi_get_value_double(env, v, &d) != napi_ok || !(d >= 0) || d > 9007199254740991.0 || d != floor(d)) return 0;
  *out = (size_t)d;
  return 1;
}

static int is_matrix(const array_t* m) {
  return m->kind == F16 || m->kind == F32 || m->kind == F64;
}

// ---- rowStats(matrix, dims, sumSquares: Float64Array, maxAbs: Float64Array) -> first row with
// a non-finite value, or -1 ------------------------------------------------------------------

// Four rows at a time: four independent sequential sums, the same values as one at a time.
// NaN fails every comparison, so it never becomes a maximum; a non-finite value makes the sum
// of squares non-finite, and only then is the row searched for it (a sum can also overflow
// from finite values, which is not an error).
#define ROW_STATS(NAME, TYPE, LOAD)                                                            \
  static int64_t NAME(const TYPE* m, size_t n, size_t d, double* s, double* a) {               \
    size_t r = 0;                                                                              \
    for (; r + 4 <= n; r += 4) {                                                               \
      double s0 = 0, s1 = 0, s2 = 0, s3 = 0, a0 = 0, a1 = 0, a2 = 0, a3 = 0;                   \
      const TYPE *v0 = m + r * d, *v1 = v0 + d, *v2 = v1 + d, *v3 = v2 + d;                    \
      for (size_t t = 0; t < d; t++) {                                                         \
        double x0 = LOAD(v0[t]), x1 = LOAD(v1[t]), x2 = LOAD(v2[t]), x3 = LOAD(v3[t]);         \
        s0 += x0 * x0; s1 += x1 * x1; s2 += x2 * x2; s3 += x3 * x3;                            \
        x0 = fabs(x0); x1 = fabs(x1); x2 = fabs(x2); x3 = fabs(x3);                            \
        if (x0 > a0) a0 = x0;                                                                  \
        if (x1 > a1) a1 = x1;                                                                  \
        if (x2 > a2) a2 = x2;                                                                  \
        if (x3 > a3) a3 = x3;                                                                  \
      }                                                                                        \
      s[r] = s0; s[r + 1] = s1; s[r + 2] = s2; s[r + 3] = s3;                                  \
      a[r] = a0; a[r + 1] = a1; a[r + 2] = a2; a[r + 3] = a3;                                  \
    }                                                                                          \
    for (; r < n; r++) {                                                                       \
      double s0 = 0, a0 = 0;                                                                   \
      const TYPE* v = m + r * d;                                                               \
      for (size_t t = 0; t < d; t++) {                                                         \
        double x = LOAD(v[t]);                                                                 \
        s0 += x * x;                                                                           \
        x = fabs(x);                                                                           \
        if (x > a0) a0 = x;                                                                    \
      }                                                                                        \
      s[r] = s0;                                                                               \
      a[r] = a0;                                                                               \
    }                                                                                          \
    for (r = 0; r < n; r++) {                                                                  \
      if (isfinite(s[r])) continue;                                                            \
      for (size_t t = 0; t < d; t++) if (!isfinite(LOAD(m[r * d + t]))) return (int64_t)r;     \
    }                                                                                          \
    return -1;                                                                                 \
  }

#define WIDEN(x) ((double)(x))
#define HALF(x) ((double)half_table[(x)])
ROW_STATS(stats_f32, float, WIDEN)
ROW_STATS(stats_f64, double, WIDEN)
ROW_STATS(stats_f16, uint16_t, HALF)

static napi_value row_stats(napi_env env, napi_callback_info info) {
  size_t argc = 4;
  napi_value argv[4];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  array_t m, ss, mx;
  size_t d;
  if (argc < 4 || !get_array(env, argv[0], &m) || !is_matrix(&m) || !get_size(env, argv[1], &d) || d == 0 ||
      !get_array(env, argv[2], &ss) || ss.kind != F64 || !get_array(env, argv[3], &mx) || mx.kind != F64 || m.length % d != 0 ||
      ss.length != m.length / d || mx.length != ss.length)
    return throw_(env, "rowStats(matrix, dims, sumSquares, maxAbs): bad arguments");
  init_half();
  const size_t n = ss.length;
  int64_t bad;
  switch (m.kind) {
    case F32: bad = stats_f32(m.data, n, d, ss.data, mx.data); break;
    case F64: bad = stats_f64(m.data, n, d, ss.data, mx.data); break;
    default: bad = stats_f16(m.data, n, d, ss.data, mx.data); break;
  }
  napi_value result;
  CHECK(napi_create_double(env, (double)bad, &result));
  return result;
}

// ---- toF32(matrix, dims, first, count, divisors: Float64Array (per row of the matrix),
// dst: Float32Array, dstStride) : dst[j*dstStride + t] = float32(matrix[first+j][t] / divisor)

static napi_value to_f32(napi_env env, napi_callback_info info) {
  size_t argc = 7;
  napi_value argv[7];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  array_t m, div, dst;
  size_t d, first, count, stride;
  if (argc < 7 || !get_array(env, argv[0], &m) || !is_matrix(&m) || !get_size(env, argv[1], &d) || d == 0 || !get_size(env, argv[2], &first) ||
      !get_size(env, argv[3], &count) || !get_array(env, argv[4], &div) || div.kind != F64 || !get_array(env, argv[5], &dst) || dst.kind != F32 ||
      !get_size(env, argv[6], &stride) || stride < d || m.length % d != 0 || div.length != m.length / d || first + count > div.length ||
      (count > 0 && (count - 1) * stride + d > dst.length))
    return throw_(env, "toF32(matrix, dims, first, count, divisors, dst, dstStride): bad arguments");
  init_half();
  const double* dv = div.data;
  float* out = dst.data;
  for (size_t j = 0; j < count; j++) {
    const size_t src = (first + j) * d;
    const double q = dv[first + j];
    float* o = out + j * stride;
    switch (m.kind) {
      case F32: {
        const float* v = (const float*)m.data + src;
        for (size_t t = 0; t < d; t++) o[t] = (float)((double)v[t] / q);
        break;
      }
      case F64: {
        const double* v = (const double*)m.data + src;
        for (size_t t = 0; t < d; t++) o[t] = (float)(v[t] / q);
        break;
      }
      default: {
        const uint16_t* v = (const uint16_t*)m.data + src;
        for (size_t t = 0; t < d; t++) o[t] = (float)((double)half_table[v[t]] / q);
        break;
      }
    }
  }
  return NULL;
}

// ---- sgemmNT(a: Float32Array, lda, b: Float32Array, ldb, out: Float32Array, ldc, m, n, k,
// threads): out[i*ldc + j] = sum_t a[i*lda + t] * b[j*ldb + t] for i < m, j < n -------------

static napi_value sgemm_nt(napi_env env, napi_callback_info info) {
  size_t argc = 10;
  napi_value argv[10];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  array_t a, b, c;
  size_t lda, ldb, ldc, m, n, k, threads;
  if (argc < 10 || !get_array(env, argv[0], &a) || a.kind != F32 || !get_size(env, argv[1], &lda) || !get_array(env, argv[2], &b) || b.kind != F32 ||
      !get_size(env, argv[3], &ldb) || !get_array(env, argv[4], &c) || c.kind != F32 || !get_size(env, argv[5], &ldc) || !get_size(env, argv[6], &m) ||
      !get_size(env, argv[7], &n) || !get_size(env, argv[8], &k) || !get_size(env, argv[9], &threads) || k == 0 || lda < k || ldb < k || ldc < n ||
      m > INT32_MAX || n > INT32_MAX || lda > INT32_MAX || ldb > INT32_MAX || ldc > INT32_MAX ||
      (m > 0 && (m - 1) * lda + k > a.length) || (n > 0 && (n - 1) * ldb + k > b.length) || (m > 0 && (m - 1) * ldc + n > c.length))
    return throw_(env, "sgemmNT(a, lda, b, ldb, out, ldc, m, n, k, threads): bad arguments");
  if (m == 0 || n == 0) return NULL;
  openblas_set_num_threads(threads < 1 ? 1 : (int)threads);
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, (int)m, (int)n, (int)k, 1.0f, a.data, (int)lda, b.data, (int)ldb, 0.0f, c.data, (int)ldc);
  return NULL;
}

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

static napi_value exact_scores(napi_env env, napi_callback_info info) {
  size_t argc = 9;
  napi_value argv[9];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  array_t q, qd, c, cd, pq, pc, out;
  size_t d, threads;
  if (argc < 9 || !get_array(env, argv[0], &q) || !is_matrix(&q) || !get_array(env, argv[1], &qd) || qd.kind != F64 || !get_array(env, argv[2], &c) ||
      !is_matrix(&c) || !get_array(env, argv[3], &cd) || cd.kind != F64 || !get_size(env, argv[4], &d) || d == 0 || !get_array(env, argv[5], &pq) ||
      pq.kind != I32 || !get_array(env, argv[6], &pc) || pc.kind != I32 || !get_array(env, argv[7], &out) || out.kind != F64 ||
      !get_size(env, argv[8], &threads) || q.length % d != 0 || c.length % d != 0 || qd.length != q.length / d || cd.length != c.length / d ||
      pq.length != pc.length || out.length != pq.length || pq.length > UINT32_MAX)
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

// ---- scaleScores(scores: Float32Array, ldc, m, n, rowScale: Float64Array, colScale:
// Float64Array): scores[i*ldc + j] = float32(scores[i*ldc + j] * rowScale[i] * colScale[j]) ----

static napi_value scale_scores(napi_env env, napi_callback_info info) {
  size_t argc = 6;
  napi_value argv[6];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  array_t s, rs, cs;
  size_t ldc, m, n;
  if (argc < 6 || !get_array(env, argv[0], &s) || s.kind != F32 || !get_size(env, argv[1], &ldc) || !get_size(env, argv[2], &m) ||
      !get_size(env, argv[3], &n) || !get_array(env, argv[4], &rs) || rs.kind != F64 || !get_array(env, argv[5], &cs) || cs.kind != F64 ||
      ldc < n || rs.length < m || cs.length < n || (m > 0 && (m - 1) * ldc + n > s.length))
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

static napi_value prefilter(napi_env env, napi_callback_info info) {
  size_t argc = 8;
  napi_value argv[8];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  array_t s, mg, li, ct;
  size_t ldc, m, n, k;
  if (argc < 8 || !get_array(env, argv[0], &s) || s.kind != F32 || !get_size(env, argv[1], &ldc) || !get_size(env, argv[2], &m) ||
      !get_size(env, argv[3], &n) || !get_size(env, argv[4], &k) || k == 0 || !get_array(env, argv[5], &mg) || mg.kind != F64 ||
      !get_array(env, argv[6], &li) || li.kind != I32 || !get_array(env, argv[7], &ct) || ct.kind != I32 || ldc < n || mg.length < m ||
      ct.length < m || li.length < m * n || (m > 0 && (m - 1) * ldc + n > s.length))
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

// ---- config() -> the BLAS library's own description ----------------------------------------

char* openblas_get_config(void);

static napi_value config(napi_env env, napi_callback_info info) {
  (void)info;
  napi_value result;
  CHECK(napi_create_string_utf8(env, openblas_get_config(), NAPI_AUTO_LENGTH, &result));
  return result;
}

NAPI_MODULE_INIT() {
  napi_property_descriptor props[] = {
    {"rowStats", NULL, row_stats, NULL, NULL, NULL, napi_enumerable, NULL},
    {"toF32", NULL, to_f32, NULL, NULL, NULL, napi_enumerable, NULL},
    {"sgemmNT", NULL, sgemm_nt, NULL, NULL, NULL, napi_enumerable, NULL},
    {"exactScores", NULL, exact_scores, NULL, NULL, NULL, napi_enumerable, NULL},
    {"prefilter", NULL, prefilter, NULL, NULL, NULL, napi_enumerable, NULL},
    {"scaleScores", NULL, scale_scores, NULL, NULL, NULL, napi_enumerable, NULL},
    {"config", NULL, config, NULL, NULL, NULL, napi_enumerable, NULL},
  };
  if (napi_define_properties(env, exports, sizeof props / sizeof props[0], props) != napi_ok) return NULL;
  return exports;
}
