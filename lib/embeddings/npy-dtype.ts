import { invalidUpload } from "./invalid-upload";

// The dtypes a submission may use. numpy writes '<'/'>' for multi-byte types; '|' and '=' are
// accepted as little-endian, which is what every platform we run on (and numpy's writers) use.
export type NpyDtype =
  | { kind: "float"; itemSize: 2 | 4 | 8; littleEndian: boolean }
  | { kind: "string"; chars: number; itemSize: number; littleEndian: boolean }
  | { kind: "unsupported"; itemSize: 0 };

export type SupportedDtype = Exclude<NpyDtype, { kind: "unsupported" }>;

const FLOAT_SIZES = new Set([2, 4, 8]);

export function parseDescr(descr: string, label: string): NpyDtype {
  const m = /^([<>|=]?)([A-Za-z])(\d*)$/.exec(descr);
  const kind = m?.[2];
  if (kind === "O") {
    throw invalidUpload(
      `${label} is an object array (dtype=object, stored with pickle); pickled object arrays are not accepted — ` +
        `store ids as a numpy unicode array, e.g. np.array(ids, dtype=str), and embeddings as a float array`,
    );
  }
  if (!m) return { kind: "unsupported", itemSize: 0 };
  const littleEndian = m[1] !== ">";
  const size = Number(m[3]);
  if (kind === "f" && FLOAT_SIZES.has(size)) return { kind: "float", itemSize: size as 2 | 4 | 8, littleEndian };
  // '<U0' is refused: zero bytes per element would let a tiny file claim billions of strings.
  if (kind === "U" && size > 0) return { kind: "string", chars: size, itemSize: size * 4, littleEndian };
  if (kind === "S" || kind === "a") {
    throw invalidUpload(
      `${label} is a byte-string array (${descr}); use a unicode array instead, e.g. np.array(ids, dtype=str)`,
    );
  }
  // Ints, bools, complex, datetimes…: the caller words the refusal for the array's role.
  return { kind: "unsupported", itemSize: 0 };
}

/** A float array's dtype by name, and the name of each float item size. */
export type FloatDtype = "float16" | "float32" | "float64";
export const FLOAT_DTYPES = { 2: "float16", 4: "float32", 8: "float64" } as const satisfies Record<2 | 4 | 8, FloatDtype>;
