import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { listZipEntries } from "@/lib/embeddings/zip-directory";
import { readZip } from "@/lib/embeddings/zip-extract";
import { buildZip } from "./helpers/zip-builder";
import { fixture } from "./helpers/fixtures";
import { refusal } from "./helpers/refusal";

const hello = Buffer.from("hello, zip! ".repeat(20));
const abc = Buffer.from("abc");

describe("readZip", () => {
  it("reads stored and deflated entries", () => {
    const zip = buildZip([
      { name: "a.txt", data: hello },
      { name: "dir/b.bin", data: abc, method: 8 },
    ]);
    const files = readZip(zip);
    expect([...files.keys()]).toEqual(["a.txt", "dir/b.bin"]);
    expect(files.get("a.txt")!.toString()).toBe(hello.toString());
    expect(files.get("dir/b.bin")!.toString()).toBe("abc");
  });

  it("returns stored entries as views into the input (no copy)", () => {
    const zip = buildZip([{ name: "a.txt", data: hello }]);
    const out = readZip(zip).get("a.txt")!;
    expect(out.buffer).toBe(zip.buffer);
  });

  it("reads zip64 central directory, extra fields and end records", () => {
    const zip = buildZip([{ name: "x.npy", data: hello, method: 8 }, { name: "y.npy", data: abc }], { zip64: true });
    const entries = listZipEntries(zip);
    expect(entries.map((e) => [e.name, e.uncompressedSize])).toEqual([
      ["x.npy", hello.length],
      ["y.npy", 3],
    ]);
    expect(entries[1].localHeaderOffset).toBeGreaterThan(0);
    expect(readZip(zip).get("y.npy")!.toString()).toBe("abc");
  });

  it("reads numpy's own savez and savez_compressed archives", () => {
    expect([...readZip(fixture("valid_f32.npz")).keys()]).toEqual([
      "query_embeddings.npy",
      "corpus_embeddings.npy",
      "query_ids.npy",
      "corpus_ids.npy",
    ]);
    const entries = listZipEntries(fixture("valid_f32_shuffled_compressed.npz"));
    expect(entries.every((e) => e.method === 8)).toBe(true);
  });

  it("only inflates the entries selected by include", () => {
    const zip = buildZip([{ name: "keep", data: abc }, { name: "bomb", data: Buffer.alloc(5000), declaredSize: 1 << 30 }]);
    const out = readZip(zip, { include: (n) => n === "keep", maxBytes: 100 });
    expect([...out.keys()]).toEqual(["keep"]);
  });
});

describe("readZip refusals", () => {
  it("refuses non-zip input and single .npy files", () => {
    expect(refusal(() => readZip(Buffer.from("just some text, definitely not a zip file")))).toMatch(
      /^not a zip archive/,
    );
    expect(refusal(() => readZip(Buffer.alloc(3)))).toMatch(/^not a zip archive/);
    expect(refusal(() => readZip(fixture("plain_f32.npy")))).toMatch(/single \.npy file.*np\.savez/);
  });

  it("refuses truncated archives", () => {
    const zip = buildZip([{ name: "a.txt", data: hello }]);
    expect(refusal(() => readZip(zip.subarray(0, zip.length - 10)))).toMatch(/^truncated zip archive/);
    expect(refusal(() => readZip(zip.subarray(0, 40)))).toMatch(/^truncated zip archive/);
    expect(refusal(() => readZip(zip.subarray(0, 10)))).toMatch(/^truncated zip archive/);
    const npz = fixture("valid_f32.npz");
    expect(refusal(() => readZip(npz.subarray(0, npz.length - 1)))).toMatch(/^truncated zip archive/);
  });

  it("refuses an archive whose entry data runs past the end of the file", () => {
    const zip = buildZip([{ name: "a.txt", data: hello }]);
    // Central directory claims 100 000 bytes of data for the entry: the file ends long before.
    const cd = zip.length - 22 - (46 + 5);
    zip.writeUInt32LE(100_000, cd + 20);
    zip.writeUInt32LE(100_000, cd + 24);
    expect(refusal(() => readZip(zip))).toBe(
      'truncated zip archive: data of entry "a.txt" extends past the end of the file',
    );
  });

  it.each([
    ["../evil.npy", /path traversal/],
    ["a/../../evil.npy", /path traversal/],
    ["..\\evil.npy", /path traversal/],
    ["/etc/passwd", /absolute path/],
    ["\\windows\\x.npy", /absolute path/],
    ["C:\\x.npy", /absolute path/],
    ["", /empty name/],
  ])("refuses the entry name %j", (name, message) => {
    expect(refusal(() => readZip(buildZip([{ name, data: abc }])))).toMatch(message);
  });

  it("refuses duplicate entry names", () => {
    const zip = buildZip([{ name: "query_ids.npy", data: abc }, { name: "query_ids.npy", data: hello }]);
    expect(refusal(() => readZip(zip))).toBe('zip archive contains the entry "query_ids.npy" more than once');
  });

  it("refuses encrypted entries and unsupported methods", () => {
    expect(refusal(() => readZip(buildZip([{ name: "a", data: abc, flags: 0x1 }])))).toBe(
      'zip entry "a" is encrypted',
    );
    expect(refusal(() => readZip(buildZip([{ name: "a", data: abc, method: 99 }])))).toMatch(/encrypted/);
    expect(refusal(() => readZip(buildZip([{ name: "a", data: abc, method: 12 }])))).toMatch(
      /compression method 12; only stored \(0\) and deflate \(8\)/,
    );
  });

  it("refuses archives whose declared sizes exceed the limit before inflating", () => {
    const zip = buildZip([{ name: "big", data: Buffer.alloc(2_000_000), method: 8 }]);
    expect(zip.length).toBeLessThan(10_000);
    expect(refusal(() => readZip(zip, { maxBytes: 1_000_000 }))).toMatch(
      /entry "big" declares 2000000 bytes uncompressed, more than the limit of 1000000|decompress to 2000000 bytes/,
    );
    expect(readZip(zip, { maxBytes: 2_000_000 }).get("big")!.length).toBe(2_000_000);
  });

  it("caps actual inflation when an entry lies about its size (zip bomb)", () => {
    const zip = buildZip([{ name: "bomb", data: Buffer.alloc(50_000_000), method: 8, declaredSize: 1000 }]);
    expect(zip.length).toBeLessThan(100_000);
    expect(refusal(() => readZip(zip, { maxBytes: 10_000 }))).toBe(
      'zip entry "bomb" inflates beyond its declared size of 1000 bytes (possible zip bomb)',
    );
  });

  it("refuses a total over the budget even when each entry fits", () => {
    const zip = buildZip([{ name: "a", data: Buffer.alloc(600) }, { name: "b", data: Buffer.alloc(600) }]);
    expect(refusal(() => readZip(zip, { maxBytes: 1000 }))).toBe(
      "zip archive would decompress to 1200 bytes, more than the limit of 1000 bytes",
    );
  });

  it("refuses corrupt deflate data, short output and CRC mismatches", () => {
    const good = zlib.deflateRawSync(hello);
    const zip = buildZip([{ name: "a", data: hello, method: 8 }]);
    const start = zip.indexOf(good);
    zip.fill(0xff, start, start + 8);
    expect(refusal(() => readZip(zip))).toMatch(/corrupt or truncated compressed data in zip entry "a"/);
    expect(refusal(() => readZip(buildZip([{ name: "a", data: hello, method: 8, declaredSize: 9999 }])))).toMatch(
      /decompressed to 240 bytes, expected 9999/,
    );
    expect(refusal(() => readZip(buildZip([{ name: "a", data: abc, crc: 1234 }])))).toBe(
      'corrupt zip archive: CRC-32 mismatch in entry "a"',
    );
  });
});
