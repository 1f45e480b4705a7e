import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { crc32Table } from "@/lib/embeddings/crc32-table";
import { nodeCodec } from "@/lib/embeddings/node-codec";
import { webCodec } from "@/lib/embeddings/web-codec";
import type { ZipCodec } from "@/lib/embeddings/zip-codec";

// The two codecs behind one interface: the web one (DecompressionStream, table CRC) that the
// browser uses and Node's zlib that the server uses give the same bytes and the same CRCs.
const data = Buffer.from(Array.from({ length: 3_000_000 }, (_, i) => (Math.imul(i, 2654435761) >>> 13) & 0x3f));
const deflated = zlib.deflateRawSync(data);
// Bytes that barely compress, so that their deflate stream is long.
const noise = Buffer.alloc(3_000_000);
for (let i = 0, x = 2463534242; i < noise.length; i++) noise[i] = (x = ((x ^= x << 13), (x ^= x >>> 17), x ^ (x << 5)) >>> 0) & 0xff; // xorshift32
const deflatedNoise = zlib.deflateRawSync(noise);

async function* slices(b: Uint8Array, size: number) {
  for (let at = 0; at < b.length; at += size) yield b.subarray(at, at + size);
}

async function inflate(codec: ZipCodec, input: AsyncIterable<Uint8Array>, stopAfter = Infinity): Promise<Buffer> {
  const out: Buffer[] = [];
  let n = 0;
  for await (const chunk of codec.inflateRaw(input)) {
    out.push(Buffer.from(chunk));
    if ((n += chunk.length) >= stopAfter) break;
  }
  return Buffer.concat(out);
}

describe.each([["web", webCodec], ["node", nodeCodec]] as const)("the %s codec", (_, codec) => {
  it("inflates raw deflate data fed in slices of any size", async () => {
    for (const size of [1, 1000, 1 << 20]) {
      const input = size === 1 ? deflated.subarray(0, 5000) : deflated;
      const got = await inflate(codec, slices(input, size), size === 1 ? 1 : Infinity);
      if (size === 1) expect(data.subarray(0, got.length).equals(got)).toBe(true);
      else expect(got.equals(data)).toBe(true);
    }
  });

  it("rejects corrupt deflate data", async () => {
    const bad = Buffer.from(deflated);
    bad.fill(0xff, 0, 8);
    await expect(inflate(codec, slices(bad, 1 << 16))).rejects.toThrow();
  });

  it("computes zip's CRC-32, continuing a running one", () => {
    expect(codec.crc32(data, 0)).toBe(zlib.crc32(data) >>> 0);
    const mid = 1_234_567;
    expect(codec.crc32(data.subarray(mid), codec.crc32(data.subarray(0, mid), 0))).toBe(zlib.crc32(data) >>> 0);
  });
});

// Node's own DecompressionStream accepts input as fast as it is offered (its writable side
// applies no backpressure), so this holds for the web codec only in browsers, which implement
// the streams standard's backpressure: one reason the server uses Node's zlib.
describe("Node's codec", () => {
  it("stops reading its input when the consumer stops", async () => {
    const codec = nodeCodec;
    expect(deflatedNoise.length).toBeGreaterThan(2_000_000);
    let pulled = 0;
    const counted = (async function* () {
      for await (const s of slices(deflatedNoise, 4096)) {
        pulled += s.length;
        yield s;
      }
    })();
    const head = await inflate(codec, counted, 1);
    expect(noise.subarray(0, head.length).equals(head)).toBe(true);
    expect(pulled).toBeLessThan(deflatedNoise.length / 4);
  });
});

describe("the table CRC-32", () => {
  it("matches zlib's for every length around its 8-byte step", () => {
    for (let n = 0; n < 40; n++) expect(crc32Table(data.subarray(3, 3 + n), 0x1234)).toBe(zlib.crc32(data.subarray(3, 3 + n), 0x1234) >>> 0);
  });
});
