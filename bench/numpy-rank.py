"""numpy reference for bench/rank.bench.ts, written as a vendor would for a top-10: cosine
scores by one float32 matrix product (numpy's OpenBLAS), np.argpartition for each row's ten
best, then a sort of those ten, and the scores of each query's own snippets. Reads the raw
float32 matrices written by the bench and prints one JSON line: wall and CPU time per
repetition, and the top-10s of the last one."""
import json, sys, time
import numpy as np

qpath, cpath, Q, C, d, reps, ownpath = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6]), sys.argv[7]
K = 10
Qm = np.fromfile(qpath, dtype=np.float32).reshape(Q, d)
Cm = np.fromfile(cpath, dtype=np.float32).reshape(C, d)
own = json.load(open(ownpath))
times, cpu = [], []
for _ in range(reps):
    t0, c0 = time.perf_counter(), time.process_time()
    Qn = Qm / np.linalg.norm(Qm, axis=1, keepdims=True)
    Cn = Cm / np.linalg.norm(Cm, axis=1, keepdims=True)
    S = Qn @ Cn.T
    part = np.argpartition(-S, K - 1, axis=1)[:, :K]
    order = np.argsort(-np.take_along_axis(S, part, axis=1), axis=1)
    top = np.take_along_axis(part, order, axis=1)
    watched = [S[i, own[i]] for i in range(Q)]
    times.append(time.perf_counter() - t0)
    cpu.append(time.process_time() - c0)
blas = np.show_config(mode="dicts")["Build Dependencies"]["blas"]
print(json.dumps({"ms": [t * 1000 for t in times], "cpuMs": [t * 1000 for t in cpu], "top": top.tolist(), "numpy": np.__version__, "blas": f"{blas['name']} {blas['version']}"}))
