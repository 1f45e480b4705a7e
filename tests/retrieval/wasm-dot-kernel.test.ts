import { describe, expect, it } from "vitest";
import { buildDotModule, instantiateDotKernel, QUERY_TILE, PAIR_TILE } from "@/lib/retrieval/wasm-dot-kernel";

describe("WebAssembly dot kernel", () => {
  it("is a valid module and available in this runtime", () => {
    expect(WebAssembly.validate(buildDotModule(3))).toBe(true);
    expect(instantiateDotKernel(3, new WebAssembly.Memory({ initial: 1 }))).not.toBeNull();
  });

  it("computes one query tile x one corpus tile exactly as the naive float64 loop", () => {
    const d = 3, rq = QUERY_TILE, rows = 2 * PAIR_TILE;
    const memory = new WebAssembly.Memory({ initial: 1 });
    const f = new Float64Array(memory.buffer);
    const q = Array.from({ length: rq * d }, (_, i) => 0.1 * (i + 1) - 0.35);
    const c = Array.from({ length: rows * d }, (_, i) => 1 / (i + 3));
    const cOff = 64, oOff = 256;
    f.set(q, 0);
    for (let j = 0; j < rows; j++) for (let t = 0; t < d; t++) f[cOff + (j >> 1) * 2 * d + 2 * t + (j & 1)] = c[j * d + t];
    instantiateDotKernel(d, memory)!(0, cOff * 8, oOff * 8, 1, 1, rows * 8);
    for (let i = 0; i < rq; i++) {
      for (let j = 0; j < rows; j++) {
        let s = 0;
        for (let t = 0; t < d; t++) s += q[i * d + t] * c[j * d + t];
        expect(f[oOff + i * rows + j]).toBe(s);
      }
    }
  });
});
