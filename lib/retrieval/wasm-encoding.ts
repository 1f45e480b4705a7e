// Byte-level helpers for the generated WebAssembly kernels: LEB128 integers and sections.
export const uleb = (n: number): number[] => {
  const out: number[] = [];
  do {
    let byte = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) byte |= 0x80;
    out.push(byte);
  } while (n > 0);
  return out;
};

export const sleb = (n: number): number[] => {
  const out: number[] = [];
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    if ((n === 0 && !(byte & 0x40)) || (n === -1 && byte & 0x40)) return [...out, byte];
    out.push(byte | 0x80);
  }
};

export const vec = (items: number[][]): number[] => [...uleb(items.length), ...items.flat()];
export const section = (id: number, body: number[]): number[] => [id, ...uleb(body.length), ...body];
export const name = (s: string): number[] => [...uleb(s.length), ...Array.from(s, (ch) => ch.charCodeAt(0))];

/** Largest memory a shared-memory kernel accepts (4 GiB, the wasm32 limit) in 64 KiB pages. */
export const MAX_PAGES = 65536;

/**
 * A module exporting one function `k(i32 x6) -> ()` over an imported memory `env.memory`
 * (shared memories must declare a maximum; any actual maximum up to 4 GiB is accepted).
 */
export function kernelModule(locals: number[][], code: number[], opts: { shared?: boolean } = {}): Uint8Array<ArrayBuffer> {
  const I32 = 0x7f;
  const body = [...vec(locals), ...code];
  const limits = opts.shared ? [0x03, 0x01, ...uleb(MAX_PAGES)] : [0x00, 0x01];
  return new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, vec([[0x60, ...vec(new Array(6).fill([I32])), 0x00]])), // (i32 x6) -> ()
    ...section(2, vec([[...name("env"), ...name("memory"), 0x02, ...limits]])), // import memory
    ...section(3, vec([[0x00]])),
    ...section(7, vec([[...name("k"), 0x00, 0x00]])),
    ...section(10, vec([[...uleb(body.length), ...body]])),
  ]);
}
