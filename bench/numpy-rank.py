"""numpy reference for bench/rank.bench.ts: cosine scores by one matrix product, a full argsort
per query, the top-10 and the scores of each query's own snippets. Reads raw float32 matrices
written by the bench, prints one JSON line with the best-of-N wall time and the top-10s."""
import json, sys, time
import numpy as np

qpath, cpath, Q, C, d, reps, ownpath = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6]), sys.argv[7]
Qm = np.fromfile(qpath, dtype=np.float32).reshape(Q, d)
Cm = np.fromfile(cpath, dtype=np.float32).reshape(C, d)
own = json.load(open(ownpath))
times, cpu = [], []
for _ in range(reps):
    t0, c0 = time.perf_counter(), time.process_time()
    Qn = Qm / np.linalg.norm(Qm, axis=1, keepdims=True)
    Cn = Cm / np.linalg.norm(Cm, axis=1, keepdims=True)
    S = Qn @ Cn.T
    top = np.argsort(-S, axis=1, kind="stable")[:, :10]
    watched = [S[i, own[i]] for i in range(Q)]
    times.append(time.perf_counter() - t0)
    cpu.append(time.process_time() - c0)
print(json.dumps({"ms": [t * 1000 for t in times], "cpuMs": [t * 1000 for t in cpu], "top": top.tolist()}))
