import { invalidUpload } from "./invalid-upload";
import { parsePyLiteral, PyLiteralError, type PyValue } from "./py-literal";

// The header dict of a .npy file: exactly the three keys numpy writes (numpy itself rejects others).
export interface NpyHeader {
  descr: string;
  fortranOrder: boolean;
  shape: number[];
}

function fail(label: string, why: string): never {
  throw invalidUpload(`${label} has a malformed .npy header: ${why}`);
}

export function parseNpyHeader(text: string, label: string): NpyHeader {
  let value: PyValue;
  try {
    value = parsePyLiteral(text);
  } catch (e) {
    if (e instanceof PyLiteralError) fail(label, e.message);
    throw e;
  }
  if (value === null || typeof value !== "object" || value.kind !== "dict") fail(label, "not a dict");
  const dict = new Map<PyValue, PyValue>(value.entries);
  const keys = [...dict.keys()].sort();
  if (keys.join(",") !== "descr,fortran_order,shape") {
    fail(label, `keys must be 'descr', 'fortran_order', 'shape' (found ${keys.map(String).join(", ")})`);
  }
  const descr = dict.get("descr");
  const fortran = dict.get("fortran_order");
  const shape = dict.get("shape");
  if (descr !== null && typeof descr === "object" && descr.kind === "list") {
    throw invalidUpload(`${label} has a structured (record) dtype; only plain float and unicode arrays are accepted`);
  }
  if (typeof descr !== "string") fail(label, "'descr' is not a string");
  if (typeof fortran !== "boolean") fail(label, "'fortran_order' is not True or False");
  if (shape === null || typeof shape !== "object" || shape.kind !== "tuple") fail(label, "'shape' is not a tuple");
  const dims = shape.items.map((d) => {
    if (typeof d !== "number" || d < 0) fail(label, "'shape' must hold non-negative integers");
    return d;
  });
  return { descr, fortranOrder: fortran, shape: dims };
}
