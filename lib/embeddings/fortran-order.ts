// Column-major (Fortran) → row-major. The source's offset is advanced incrementally while the
// destination is walked in C order, so any number of dimensions costs one pass.
type Indexable<T> = { length: number; [i: number]: T };

export function fortranToRowMajor<T, A extends Indexable<T>>(src: A, dest: A, shape: readonly number[]): A {
  const n = shape.length;
  if (n <= 1 || src.length === 0) {
    for (let i = 0; i < src.length; i++) dest[i] = src[i];
    return dest;
  }
  const stride: number[] = [];
  for (let k = 0, s = 1; k < n; k++) {
    stride.push(s);
    s *= shape[k];
  }
  const idx = new Array<number>(n).fill(0);
  let off = 0;
  for (let r = 0; r < dest.length; r++) {
    dest[r] = src[off];
    // Odometer over the C-order index, last dimension fastest.
    for (let k = n - 1; k >= 0; k--) {
      if (++idx[k] < shape[k]) {
        off += stride[k];
        break;
      }
      off -= (shape[k] - 1) * stride[k];
      idx[k] = 0;
    }
  }
  return dest;
}
