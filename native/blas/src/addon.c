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
//                (CandidateFilter.offerListed takes only these), scaling raw products as
//                scaleScores does in the same pass; on several threads.
//   exactScores  float64 scores of chosen pairs with exactly ExactScorer's arithmetic: each
//                value divided by its row's divisor, a sequential sum of separately rounded
//                products. Bit-identical to the JavaScript: built with -ffp-contract=off and
//                without -ffast-math, on SSE2 doubles (no extended precision).
// Matrices are Float32Array, Float64Array or Uint16Array (float16 bit patterns), row-major.
// One file a concern: common.c (arguments, float16), rows.c, scores.c, exact.c.
#include "common.h"

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

