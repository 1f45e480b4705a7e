import { blobSource } from "@/lib/embeddings/byte-source";
import { FLOAT_DTYPES } from "@/lib/embeddings/npy-dtype";
import { shapeText } from "@/lib/embeddings/submission-arrays";
import { validateSubmission, type ValidationCheck, type ValidationTrace } from "@/lib/embeddings/validate-submission";
import { webCodec } from "@/lib/embeddings/web-codec";
import { problemText, type CheckItem, type CheckReport, type ExpectedIds } from "./check-report";

// The submit page's check of an .npz before it is uploaded: the server's own validation
// (lib/embeddings) run on the File, with the browser's codec, so the page refuses exactly what
// the server would refuse, in the same words, before a byte is sent. How far the validation
// got becomes a checklist: the lines that passed, in the server's order, then the one that
// failed. A problem inside an array's entry is found before any structural check, so then only
// the archive line has passed.
const ARRAYS = ["query_embeddings", "corpus_embeddings", "query_ids", "corpus_ids"];
const LINES: ValidationCheck[] = [
  { kind: "archive" },
  { kind: "required" },
  ...ARRAYS.map((array) => ({ kind: "array" as const, array })),
  { kind: "shapes" },
  { kind: "ids", array: "query_ids" },
  { kind: "ids", array: "corpus_ids" },
  { kind: "values" },
];

export interface CheckNpzOptions {
  /** Uncompressed bytes allowed for the arrays: the server's limit for an upload from this page. */
  maxBytes: number;
  /** Called with the fraction of the arrays' bytes checked so far (0..1). */
  onProgress?: (fraction: number) => void;
}

const key = (c: ValidationCheck) => ("array" in c ? `${c.kind}:${c.array}` : c.kind);

function label(c: ValidationCheck): string {
  if (c.kind === "archive") return "Zip archive (.npz)";
  if (c.kind === "required") return "Required arrays";
  if (c.kind === "shapes") return "Shapes agree";
  if (c.kind === "ids") return `${c.array} match the benchmark`;
  if (c.kind === "values") return "Values";
  return c.array;
}

function detail(c: ValidationCheck, trace: ValidationTrace, expected: ExpectedIds): string {
  const header = (name: string) => trace.arrays!.get(name)!.preamble!.header;
  if (c.kind === "archive") {
    const n = trace.entries!.length;
    return `${n} entr${n === 1 ? "y" : "ies"}${trace.entries!.some((e) => e.method === 8) ? ", compressed (np.savez_compressed)" : ""}`;
  }
  if (c.kind === "required") return ARRAYS.join(", ");
  if (c.kind === "shapes") {
    const [q, corpus] = [header("query_embeddings").shape, header("corpus_embeddings").shape];
    return `${q[0]} query rows and ${corpus[0]} corpus rows, ${q[1]} dimensions`;
  }
  if (c.kind === "ids") {
    return c.array === "query_ids" ? `all ${expected.queryIds.length} queries, each once (any order)` : `all ${expected.corpusIds.length} corpus snippets, each once (any order)`;
  }
  if (c.kind === "values") return "every value finite, no all-zero row";
  const { preamble } = trace.arrays!.get(c.array)!;
  const type = preamble!.dtype.kind === "float" ? FLOAT_DTYPES[preamble!.dtype.itemSize] : `unicode (${preamble!.header.descr})`;
  return `${type}, shape ${shapeText(preamble!.header.shape)}`;
}

export async function checkNpzFile(file: Blob, expected: ExpectedIds, opts: CheckNpzOptions): Promise<CheckReport> {
  const trace: ValidationTrace = {};
  const passed = (lines: ValidationCheck[]): CheckItem[] => lines.map((c) => ({ label: label(c), ok: true, detail: detail(c, trace, expected) }));
  try {
    const v = await validateSubmission(blobSource(file), expected, { maxBytes: opts.maxBytes, codec: webCodec, onProgress: opts.onProgress, trace });
    return { kind: "embeddings", ok: true, items: passed(LINES), summary: { queries: v.queryCount, corpus: v.corpusCount, dims: v.dims, dtype: v.dtype } };
  } catch (e) {
    const failed = trace.check ?? LINES[0];
    const before = failed.kind === "entry" ? 1 : LINES.findIndex((c) => key(c) === key(failed));
    const items = [...passed(LINES.slice(0, before)), { label: label(failed), ok: false, detail: problemText(e) }];
    return { kind: "embeddings", ok: false, items, summary: null };
  }
}
