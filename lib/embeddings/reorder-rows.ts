// Puts rows into benchmark order (perm[i] = source row of output row i). At most one copy:
// - widening float32 → float64 (mixed-dtype submissions) gathers into a new array;
// - an identity order returns the source untouched;
// - a source we own (already copied out of the upload) is permuted in place, one row of scratch;
// - a source that views the caller's upload buffer is gathered into a new array, never mutated.
type Matrix = Float32Array | Float64Array;

function gather(src: Matrix, dims: number, perm: Int32Array, out: Matrix): Matrix {
  for (let i = 0; i < perm.length; i++) out.set(src.subarray(perm[i] * dims, (perm[i] + 1) * dims), i * dims);
  return out;
}

function permuteInPlace(m: Matrix, dims: number, perm: Int32Array): Matrix {
  const done = new Uint8Array(perm.length);
  const scratch = m.slice(0, dims);
  for (let start = 0; start < perm.length; start++) {
    if (done[start] || perm[start] === start) continue;
    // Follow the cycle start ← perm[start] ← perm[perm[start]] …, saving the first row.
    scratch.set(m.subarray(start * dims, (start + 1) * dims));
    let to = start;
    for (let from = perm[to]; from !== start; to = from, from = perm[to]) {
      m.copyWithin(to * dims, from * dims, (from + 1) * dims);
      done[to] = 1;
    }
    m.set(scratch, to * dims);
    done[to] = 1;
  }
  return m;
}

export function reorderRows(
  src: Matrix,
  dims: number,
  perm: Int32Array,
  opts: { as64: boolean; owned: boolean },
): Matrix {
  if (opts.as64 && src instanceof Float32Array) return gather(src, dims, perm, new Float64Array(perm.length * dims));
  if (perm.every((from, i) => from === i)) return src;
  if (opts.owned) return permuteInPlace(src, dims, perm);
  const out = src instanceof Float64Array ? new Float64Array(src.length) : new Float32Array(src.length);
  return gather(src, dims, perm, out);
}
