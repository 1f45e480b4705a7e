"""Writes the memory bench's .npz variants (as vendors would, with numpy) from raw float32."""
import sys
import numpy as np

src, Q, C, d, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
m = np.fromfile(src, dtype=np.float32)
q, c = m[: Q * d].reshape(Q, d), m[Q * d :].reshape(C, d)
qids = np.array([f"q_{i + 1:04d}" for i in range(Q)])
cids = np.array([f"c_{i + 1:04d}" for i in range(C)])
perm = np.random.default_rng(0).permutation(C)
np.savez(f"{out}/f32.npz", query_embeddings=q, corpus_embeddings=c, query_ids=qids, corpus_ids=cids)
np.savez(f"{out}/f32_shuffled.npz", query_embeddings=q, corpus_embeddings=c[perm], query_ids=qids, corpus_ids=cids[perm])
np.savez_compressed(f"{out}/f32_compressed.npz", query_embeddings=q, corpus_embeddings=c, query_ids=qids, corpus_ids=cids)
np.savez(f"{out}/f16.npz", query_embeddings=q.astype(np.float16), corpus_embeddings=c.astype(np.float16), query_ids=qids, corpus_ids=cids)
np.savez(f"{out}/f64.npz", query_embeddings=q.astype(np.float64), corpus_embeddings=c.astype(np.float64), query_ids=qids, corpus_ids=cids)
