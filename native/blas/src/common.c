// The addon's shared helpers (common.h).
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <string.h>
#include "common.h"

napi_value throw_(napi_env env, const char* message) {
  napi_throw_error(env, NULL, message);
  return NULL;
}

// ---- float16 ------------------------------------------------------------------------------

float half_table[65536];
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

void init_half(void) {
  if (half_ready) return;
  for (uint32_t h = 0; h < 65536; h++) half_table[h] = half_to_float((uint16_t)h);
  half_ready = 1;
}

// ---- typed-array arguments ----------------------------------------------------------------

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

// Whether an array is what a spec letter other than 'n' asks for.
static int is_kind(const array_t* a, char letter) {
  switch (letter) {
    case 'M': return a->kind == F16 || a->kind == F32 || a->kind == F64;
    case 'f': return a->kind == F32;
    case 'd': return a->kind == F64;
    case 'i': return a->kind == I32;
    default: return 0;
  }
}

#define MAX_ARGS 16

int get_args(napi_env env, napi_callback_info info, const char* spec, ...) {
  napi_value argv[MAX_ARGS];
  size_t argc = MAX_ARGS, want = strlen(spec);
  if (want > MAX_ARGS || napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < want) return 0;
  va_list ap;
  va_start(ap, spec);
  int ok = 1;
  for (size_t i = 0; ok && i < want; i++) {
    if (spec[i] == 'n') {
      ok = get_size(env, argv[i], va_arg(ap, size_t*));
    } else {
      array_t* a = va_arg(ap, array_t*);
      ok = get_array(env, argv[i], a) && is_kind(a, spec[i]);
    }
  }
  va_end(ap);
  return ok;
}


// ---- threads ------------------------------------------------------------------------------

void run_threads(void* (*fn)(void*), void* jobs, size_t size, size_t n) {
  pthread_t ids[MAX_THREADS];
  int started[MAX_THREADS] = {0};
  char* at = jobs;
  if (n > MAX_THREADS) n = MAX_THREADS;
  for (size_t i = 1; i < n; i++) started[i] = pthread_create(&ids[i], NULL, fn, at + i * size) == 0;
  if (n > 0) fn(at);
  for (size_t i = 1; i < n; i++) {
    if (started[i]) pthread_join(ids[i], NULL);
    else fn(at + i * size);
  }
}
