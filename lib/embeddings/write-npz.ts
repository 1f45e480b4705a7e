import { encodeNpy, type NpyInput } from "./write-npy";
import { writeStoredZip } from "./write-zip";

// np.savez-compatible output: one stored "<name>.npy" entry per array, '<f4'/'<f8'/'<U{n}'.
// Used for baseline submissions and tests; np.load and our reader (npz-array.ts) both read it.
export type { NpyInput } from "./write-npy";

export function writeNpz(arrays: Record<string, NpyInput>): Buffer {
  return writeStoredZip(Object.entries(arrays).map(([name, input]) => ({ name: `${name}.npy`, chunks: encodeNpy(input) })));
}
