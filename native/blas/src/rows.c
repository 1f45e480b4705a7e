// Row statistics and float32 copies of normalised rows.
#include <math.h>
#include "common.h"

// ---- rowStats(matrix, dims, sumSquares: Float64Array, maxAbs: Float64Array, threads) -> first
// row with a non-finite value, or -1 ---------------------------------------------------------

// Rows [first, end), four at a time: four independent sequential sums, the same values as one
// at a time. NaN fails every comparison, so it never becomes a maximum; a non-finite value
// makes the sum of squares non-finite, and only then is the row searched for it (a sum can also
// overflow from finite values, which is not an error).
#define ROW_STATS(NAME, TYPE, LOAD)                                                            \
  static void NAME(const TYPE* m, size_t first, size_t end, size_t d, double* s, double* a) {  \
    size_t r = first;                                                                          \
    for (; r + 4 <= end; r += 4) {                                                             \
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
    for (; r < end; r++) {                                                                     \
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
  }

#define WIDEN(x) ((double)(x))
#define HALF(x) ((double)half_table[(x)])
ROW_STATS(stats_f32, float, WIDEN)
ROW_STATS(stats_f64, double, WIDEN)
ROW_STATS(stats_f16, uint16_t, HALF)

typedef struct {
  const array_t* m;
  size_t d, first, end;
  double *s, *a;
} stats_job_t;

static void* stats_range(void* arg) {
  const stats_job_t* job = arg;
  switch (job->m->kind) {
    case F32: stats_f32(job->m->data, job->first, job->end, job->d, job->s, job->a); break;
    case F64: stats_f64(job->m->data, job->first, job->end, job->d, job->s, job->a); break;
    default: stats_f16(job->m->data, job->first, job->end, job->d, job->s, job->a); break;
  }
  return NULL;
}

// Whether the matrix's i-th value (row-major) is finite.
static int finite_at(const array_t* m, size_t i) {
  switch (m->kind) {
    case F32: return isfinite(((const float*)m->data)[i]);
    case F64: return isfinite(((const double*)m->data)[i]);
    default: return isfinite(half_table[((const uint16_t*)m->data)[i]]);
  }
}

// Values a thread reads at the least: below that a thread costs more than it saves.
#define MIN_VALUES_PER_THREAD (1u << 18)

napi_value row_stats(napi_env env, napi_callback_info info) {
  array_t m, ss, mx;
  size_t d, threads;
  if (!get_args(env, info, "Mnddn", &m, &d, &ss, &mx, &threads) || d == 0 || m.length % d != 0 || ss.length != m.length / d || mx.length != ss.length)
    return throw_(env, "rowStats(matrix, dims, sumSquares, maxAbs, threads): bad arguments");
  init_half();
  const size_t n = ss.length;
  if (threads < 1) threads = 1;
  if (threads > MAX_THREADS) threads = MAX_THREADS;
  const size_t most = m.length / MIN_VALUES_PER_THREAD;
  if (threads > most) threads = most < 1 ? 1 : most;
  stats_job_t jobs[MAX_THREADS];
  for (size_t t = 0; t < threads; t++) jobs[t] = (stats_job_t){&m, d, n * t / threads, n * (t + 1) / threads, ss.data, mx.data};
  run_threads(stats_range, jobs, sizeof jobs[0], threads);
  int64_t bad = -1;
  const double* s = ss.data;
  for (size_t r = 0; r < n && bad < 0; r++) {
    if (isfinite(s[r])) continue;
    for (size_t t = 0; t < d; t++) {
      if (!finite_at(&m, r * d + t)) {
        bad = (int64_t)r;
        break;
      }
    }
  }
  napi_value result;
  CHECK(napi_create_double(env, (double)bad, &result));
  return result;
}

// ---- toF32(matrix, dims, first, count, divisors: Float64Array (per row of the matrix),
// dst: Float32Array, dstStride) : dst[j*dstStride + t] = float32(matrix[first+j][t] / divisor)

napi_value to_f32(napi_env env, napi_callback_info info) {
  array_t m, div, dst;
  size_t d, first, count, stride;
  if (!get_args(env, info, "Mnnndfn", &m, &d, &first, &count, &div, &dst, &stride) || d == 0 || stride < d || m.length % d != 0 ||
      div.length != m.length / d || first + count > div.length || (count > 0 && (count - 1) * stride + d > dst.length))
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

