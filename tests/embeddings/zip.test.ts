import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { bytesSource } from "@/lib/embeddings/byte-source";
import { nodeCodec } from "@/lib/embeddings/node-codec";
import { readZipDirectory } from "@/lib/embeddings/zip-directory";
import { entryChunks } from "@/lib/embeddings/zip-entry-stream";
import { buildZip } from "./helpers/zip-builder";
import { fixture } from "./helpers/fixtures";
import { readEntries } from "./helpers/read-arrays";
import { refusal } from "./helpers/refusal";

// The zip layer over a byte source: the directory from the end (zip64 included), entries
// streamed and checked (sizes, CRC, zip bombs), and the refusals of crafted archives.
const entriesOf = (zip: Buffer) => readZipDirectory(bytesSource(zip));

const hello = Buffer.from("hello, zip! ".repeat(20));
const abc = Buffer.from("abc");

describe("zip archives", () => {
  it("reads stored and deflated entries", async () => {
    const zip = buildZip([
      { name: "a.txt", data: hello },
      { name: "dir/b.bin", data: abc, method: 8 },
    ]);
    const files = await readEntries(zip);
    expect([...files.keys()]).toEqual(["a.txt", "dir/b.bin"]);
    expect(files.get("a.txt")!.toString()).toBe(hello.toString());
    expect(files.get("dir/b.bin")!.toString()).toBe("abc");
  });

  it("streams stored entries from bytes in memory as views into them (no copy)", async () => {
    const zip = buildZip([{ name: "a.txt", data: hello }]);
    const [entry] = await entriesOf(zip);
    const chunks: Uint8Array[] = [];
    for await (const chunk of entryChunks(bytesSource(zip), entry, { maxBytes: 1000, codec: nodeCodec })) chunks.push(chunk);
    expect(chunks.map((c) => [c.buffer === zip.buffer, Buffer.from(c).toString()])).toEqual([[true, hello.toString()]]);
  });

  it("reads zip64 central directory, extra fields and end records", async () => {
    const zip = buildZip([{ name: "x.npy", data: hello, method: 8 }, { name: "y.npy", data: abc }], { zip64: true });
    const entries = await entriesOf(zip);
    expect(entries.map((e) => [e.name, e.uncompressedSize])).toEqual([
      ["x.npy", hello.length],
      ["y.npy", 3],
    ]);
    expect(entries[1].localHeaderOffset).toBeGreaterThan(0);
    expect((await readEntries(zip)).get("y.npy")!.toString()).toBe("abc");
  });

  it("reads numpy's own savez and savez_compressed archives", async () => {
    expect([...(await readEntries(fixture("valid_f32.npz"))).keys()]).toEqual([
      "query_embeddings.npy",
      "corpus_embeddings.npy",
      "query_ids.npy",
      "corpus_ids.npy",
    ]);
    const entries = await entriesOf(fixture("valid_f32_shuffled_compressed.npz"));
    expect(entries.every((e) => e.method === 8)).toBe(true);
  });

  it("only inflates the entries asked for", async () => {
    const zip = buildZip([{ name: "keep", data: abc }, { name: "bomb", data: Buffer.alloc(5000), declaredSize: 1 << 30 }]);
    const out = await readEntries(zip, { names: ["keep"], maxBytes: 100 });
    expect([...out.keys()]).toEqual(["keep"]);
  });
});

describe("zip refusals", () => {
  it("refuses non-zip input and single .npy files", async () => {
    expect(await refusal(() => readEntries(Buffer.from("just some text, definitely not a zip file")))).toMatch(
      /^not a zip archive/,
    );
    expect(await refusal(() => readEntries(Buffer.alloc(3)))).toMatch(/^not a zip archive/);
    expect(await refusal(() => readEntries(fixture("plain_f32.npy")))).toMatch(/single \.npy file.*np\.savez/);
  });

  it("refuses truncated archives", async () => {
    const zip = buildZip([{ name: "a.txt", data: hello }]);
    expect(await refusal(() => readEntries(zip.subarray(0, zip.length - 10)))).toMatch(/^truncated zip archive/);
    expect(await refusal(() => readEntries(zip.subarray(0, 40)))).toMatch(/^truncated zip archive/);
    expect(await refusal(() => readEntries(zip.subarray(0, 10)))).toMatch(/^truncated zip archive/);
    const npz = fixture("valid_f32.npz");
    expect(await refusal(() => readEntries(npz.subarray(0, npz.length - 1)))).toMatch(/^truncated zip archive/);
  });

  it("refuses an archive whose entry data runs past the end of the file", async () => {
    const zip = buildZip([{ name: "a.txt", data: hello }]);
    // Central directory claims 100 000 bytes of data for the entry: the file ends long before.
    const cd = zip.length - 22 - (46 + 5);
    zip.writeUInt32LE(100_000, cd + 20);
    zip.writeUInt32LE(100_000, cd + 24);
    expect(await refusal(() => readEntries(zip))).toBe(
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
  ])("refuses the entry name %j", async (name, message) => {
    expect(await refusal(() => readEntries(buildZip([{ name, data: abc }])))).toMatch(message);
  });

  it("refuses duplicate entry names", async () => {
    const zip = buildZip([{ name: "query_ids.npy", data: abc }, { name: "query_ids.npy", data: hello }]);
    expect(await refusal(() => readEntries(zip))).toBe('zip archive contains the entry "query_ids.npy" more than once');
  });

  it("refuses encrypted entries and unsupported methods", async () => {
    expect(await refusal(() => readEntries(buildZip([{ name: "a", data: abc, flags: 0x1 }])))).toBe(
      'zip entry "a" is encrypted',
    );
    expect(await refusal(() => readEntries(buildZip([{ name: "a", data: abc, method: 99 }])))).toMatch(/encrypted/);
    expect(await refusal(() => readEntries(buildZip([{ name: "a", data: abc, method: 12 }])))).toMatch(
      /compression method 12; only stored \(0\) and deflate \(8\)/,
    );
  });

  it("refuses archives whose declared sizes exceed the limit before inflating", async () => {
    const zip = buildZip([{ name: "big", data: Buffer.alloc(2_000_000), method: 8 }]);
    expect(zip.length).toBeLessThan(10_000);
    expect(await refusal(() => readEntries(zip, { maxBytes: 1_000_000 }))).toMatch(
      /entry "big" declares 2000000 bytes uncompressed, more than the limit of 1000000|decompress to 2000000 bytes/,
    );
    expect((await readEntries(zip, { maxBytes: 2_000_000 })).get("big")!.length).toBe(2_000_000);
  });

  it("caps actual inflation when an entry lies about its size (zip bomb)", async () => {
    const zip = buildZip([{ name: "bomb", data: Buffer.alloc(50_000_000), method: 8, declaredSize: 1000 }]);
    expect(zip.length).toBeLessThan(100_000);
    expect(await refusal(() => readEntries(zip, { maxBytes: 10_000 }))).toBe(
      'zip entry "bomb" inflates beyond its declared size of 1000 bytes (possible zip bomb)',
    );
  });

  it("refuses a total over the budget even when each entry fits", async () => {
    const zip = buildZip([{ name: "a", data: Buffer.alloc(600) }, { name: "b", data: Buffer.alloc(600) }]);
    expect(await refusal(() => readEntries(zip, { maxBytes: 1000 }))).toBe(
      "zip archive would decompress to 1200 bytes, more than the limit of 1000 bytes",
    );
  });

  it("refuses corrupt deflate data, short output and CRC mismatches", async () => {
    const good = zlib.deflateRawSync(hello);
    const zip = buildZip([{ name: "a", data: hello, method: 8 }]);
    const start = zip.indexOf(good);
    zip.fill(0xff, start, start + 8);
    expect(await refusal(() => readEntries(zip))).toMatch(/corrupt or truncated compressed data in zip entry "a"/);
    expect(await refusal(() => readEntries(buildZip([{ name: "a", data: hello, method: 8, declaredSize: 9999 }])))).toMatch(
      /decompressed to 240 bytes, expected 9999/,
    );
    expect(await refusal(() => readEntries(buildZip([{ name: "a", data: abc, crc: 1234 }])))).toBe(
      'corrupt zip archive: CRC-32 mismatch in entry "a"',
    );
  });
});
