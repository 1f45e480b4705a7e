import { blobSource } from "@/lib/embeddings/byte-source";
import { detectSubmissionKind, type SubmissionKind } from "@/lib/rankings/detect-kind";
import { type CheckReport, type ExpectedIds } from "./check-report";
import { checkNpzFile, type CheckNpzOptions } from "./check-npz";
import { checkRankingFile } from "./check-ranking";

// The upload form's check: the kind is decided by the file's first bytes as the server decides
// it (a zip is an .npz, "{" starts a ranking file), then the file is checked against the
// benchmark's ids. Nothing here touches the DOM; the form renders the report.
export async function checkSubmissionFile(
  file: Blob,
  expected: ExpectedIds,
  opts: CheckNpzOptions,
): Promise<CheckReport> {
  const kind: SubmissionKind = detectSubmissionKind(await blobSource(file).read(0, 64));
  const sizeProblem = file.size === 0 ? "the file is empty" : file.size > opts.maxBytes ? `the file is ${formatBytes(file.size)}; the upload limit is ${formatBytes(opts.maxBytes)}` : null;
  if (sizeProblem) return { kind, ok: false, items: [{ label: "File size", ok: false, detail: sizeProblem }], summary: null };
  const report = kind === "ranking" ? await checkRankingFile(file, expected) : await checkNpzFile(file, expected, opts);
  return { ...report, items: [{ label: "File size", ok: true, detail: formatBytes(file.size) }, ...report.items] };
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  const units = ["KB", "MB", "GB"];
  let v = n / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[u]}`;
}
