import { afterAll, describe, expect, it } from "vitest";
import { blobSource } from "@/lib/embeddings/byte-source";
import { validateSubmissionBytes, validateSubmissionFile } from "@/lib/embeddings/server-readers";
import { validateSubmission } from "@/lib/embeddings/validate-submission";
import { webCodec } from "@/lib/embeddings/web-codec";
import { benchmark, fixture } from "../helpers/fixtures";
import { HOSTILE } from "../helpers/hostile-files";
import { outcomeOf, scratchDir } from "./helpers";

// One validation over three byte sources: an upload in memory (multipart), on disk (resumable)
// and a Blob read with the browser's codec (the submit page) accept and refuse exactly alike,
// with the same message, every numpy-written fixture and a battery of hostile files; the
// snapshot pins each outcome as the readers gave it before they were merged into one.
const FIXTURES = [
  "valid_f32.npz", "valid_f32_shuffled_compressed.npz", "valid_f16.npz", "valid_f64.npz", "valid_big_endian.npz", "valid_fortran.npz",
  "valid_extra_arrays.npz", "mixed_dtypes.npz", "bytes_ids.npz", "duplicate_ids.npz", "ids_object.npz", "inf.npz", "int_matrix.npz",
  "mismatched_d.npz", "missing_array.npz", "nan.npz", "one_d_embedding.npz", "wrong_ids.npz", "wrong_rows.npz", "zero_norm.npz",
];

describe("an upload checked in memory and on disk: the same, pinned outcome", () => {
  const scratch = scratchDir("parity");
  afterAll(() => scratch.remove());

  const compare = async (name: string, file: Buffer, maxBytes?: number) => {
    const path = scratch.write(name.replace(/[^a-z0-9]+/gi, "_"), file);
    const inMemory = await outcomeOf(() => validateSubmissionBytes(file, benchmark, { maxBytes }));
    const onDisk = await outcomeOf(() => validateSubmissionFile(path, benchmark, { maxBytes }));
    const inBrowser = await outcomeOf(() => validateSubmission(blobSource(new Blob([new Uint8Array(file)])), benchmark, { maxBytes, codec: webCodec }));
    expect(onDisk).toEqual(inMemory);
    expect(inBrowser).toEqual(inMemory);
    return inMemory;
  };

  it.each(FIXTURES)("numpy fixture %s", async (name) => {
    expect(await compare(name, fixture(name))).toMatchSnapshot();
  });

  it.each(HOSTILE)("%s", async (name, build) => {
    expect(await compare(name, build(), name === "declared total over the budget" ? 100 : undefined)).toMatchSnapshot();
  });

  it("covers both outcomes: at least 8 accepted files and 50 distinct refusals", async () => {
    const outcomes = await Promise.all([...FIXTURES.map((f) => compare(`again-${f}`, fixture(f))), ...HOSTILE.map(([n, b]) => compare(`again-${n}`, b()))]);
    expect(outcomes.filter((o) => o.ok).length).toBeGreaterThanOrEqual(8);
    const messages = new Set(outcomes.flatMap((o) => (o.ok ? [] : [o.message])));
    expect(messages.size).toBeGreaterThanOrEqual(50);
  });
});
