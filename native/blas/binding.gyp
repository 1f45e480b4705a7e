{
  "targets": [
    {
      "target_name": "execboard_blas",
      "sources": ["src/addon.c", "src/common.c", "src/rows.c", "src/scores.c", "src/exact.c"],
      "cflags": ["-O3", "-std=gnu11", "-ffp-contract=off", "-fno-fast-math", "-Wall", "-Wextra", "-Wno-unused-parameter", "-pthread"],
      "ldflags": ["-pthread"],
      "libraries": ["-lopenblas"]
    }
  ]
}
