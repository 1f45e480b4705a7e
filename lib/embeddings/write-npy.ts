// Encodes one array as .npy format 1.0, byte-for-byte as numpy's np.save lays it out
// (same header dict text, growth padding and 64-byte alignment), so numpy reads it natively.
export type NpyInput =
  | { data: Float32Array | Float64Array | readonly string[]; shape: readonly number[] }
  | readonly string[];

const HOST_LE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const ARRAY_ALIGN = 64;
const GROWTH_AXIS_MAX_DIGITS = 21;

function shapeRepr(shape: readonly number[]): string {
  return shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(", ")})`;
}

function header(descr: string, shape: readonly number[]): Buffer {
  let dict = `{'descr': '${descr}', 'fortran_order': False, 'shape': ${shapeRepr(shape)}, }`;
  // numpy leaves room to grow the first axis in place; mirrored so our bytes match np.save.
  if (shape.length > 0) dict += " ".repeat(GROWTH_AXIS_MAX_DIGITS - String(shape[0]).length);
  const pad = ARRAY_ALIGN - ((10 + dict.length + 1) % ARRAY_ALIGN);
  const text = dict + " ".repeat(pad) + "\n";
  if (text.length > 0xffff) throw new RangeError("npy header too long for format 1.0");
  const out = Buffer.alloc(10 + text.length);
  out.write("\x93NUMPY\x01\x00", 0, "latin1");
  out.writeUInt16LE(text.length, 8);
  out.write(text, 10, "latin1");
  return out;
}

function encodeStrings(strings: readonly string[]): { descr: string; bytes: Buffer } {
  const points = strings.map((s) => Array.from(s, (ch) => ch.codePointAt(0) as number));
  const chars = points.reduce((n, p) => Math.max(n, p.length), 1); // numpy never writes <U0
  const bytes = Buffer.alloc(strings.length * chars * 4);
  points.forEach((p, i) => p.forEach((cp, c) => bytes.writeUInt32LE(cp, (i * chars + c) * 4)));
  return { descr: `<U${chars}`, bytes };
}

/** Returns the header and the data as separate chunks so the data is never copied here. */
export function encodeNpy(input: NpyInput): Buffer[] {
  const { data, shape } = "shape" in input ? input : { data: input, shape: [input.length] };
  const count = shape.reduce((a, b) => a * b, 1);
  if (!shape.every((d) => Number.isSafeInteger(d) && d >= 0) || count !== data.length) {
    throw new RangeError(`shape (${shape.join(", ")}) does not match ${data.length} elements`);
  }
  if (data instanceof Float32Array || data instanceof Float64Array) {
    const descr = `${HOST_LE ? "<" : ">"}f${data.BYTES_PER_ELEMENT}`;
    return [header(descr, shape), Buffer.from(data.buffer, data.byteOffset, data.byteLength)];
  }
  const { descr, bytes } = encodeStrings(data as readonly string[]);
  return [header(descr, shape), bytes];
}
