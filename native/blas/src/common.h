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

/**
 * The call's arguments, one letter of `spec` each, into the pointers that follow: 'M' a matrix
 * (Uint16Array as float16, Float32Array or Float64Array), 'f' a Float32Array, 'd' a
 * Float64Array, 'i' an Int32Array (each into an array_t*), 'n' a non-negative integer (into a
 * size_t*). 0 when there are fewer arguments than letters or one is not what its letter says.
 */
int get_args(napi_env env, napi_callback_info info, const char* spec, ...);

// The most threads a call runs on, the calling one included.
#define MAX_THREADS 16

/**
 * Runs fn on each of n jobs laid out `size` bytes apart (n <= MAX_THREADS): job 0 on the
 * calling thread, the others on threads of their own, and returns once all are done. A job
 * whose thread cannot start runs on the calling thread instead.
 */
void run_threads(void* (*fn)(void*), void* jobs, size_t size, size_t n);

napi_value row_stats(napi_env env, napi_callback_info info);
napi_value to_f32(napi_env env, napi_callback_info info);
napi_value sgemm_nt(napi_env env, napi_callback_info info);
napi_value scale_scores(napi_env env, napi_callback_info info);
napi_value prefilter(napi_env env, napi_callback_info info);
napi_value exact_scores(napi_env env, napi_callback_info info);
#endif
