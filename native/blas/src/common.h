// Shared by the addon's files: typed-array arguments, errors, float16 widening.
#ifndef EXECBOARD_BLAS_COMMON_H
#define EXECBOARD_BLAS_COMMON_H
#include <node_api.h>
#include <stddef.h>
#include <stdint.h>

#define CHECK(call)                                                         \
  do {                                                                      \
    if ((call) != napi_ok) return throw_(env, "napi call failed: " #call); \
  } while (0)

napi_value throw_(napi_env env, const char* message);

// IEEE binary16 bit patterns to float, exactly (every half is a float); init_half() first.
extern float half_table[65536];
void init_half(void);

enum kind { F16, F32, F64, I32 };

typedef struct {
  enum kind kind;
  void* data;
  size_t length;
} array_t;

/** A typed array argument (Uint16Array as float16, Float32Array, Float64Array, Int32Array). */
int get_array(napi_env env, napi_value v, array_t* out);
/** A non-negative integer argument. */
int get_size(napi_env env, napi_value v, size_t* out);
int is_matrix(const array_t* m);

napi_value row_stats(napi_env env, napi_callback_info info);
napi_value to_f32(napi_env env, napi_callback_info info);
napi_value sgemm_nt(napi_env env, napi_callback_info info);
napi_value scale_scores(napi_env env, napi_callback_info info);
napi_value prefilter(napi_env env, napi_callback_info info);
napi_value exact_scores(napi_env env, napi_callback_info info);
#endif
