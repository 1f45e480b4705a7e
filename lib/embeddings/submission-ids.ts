import { invalidUpload } from "./invalid-upload";

// Checks a submitted id list against the benchmark's and returns, for each benchmark position,
// the submitted row that holds it (the permutation used to reorder the matrix).
const SHOW = 5;

const list = (ids: string[]) => ids.slice(0, SHOW).map((id) => JSON.stringify(id)).join(", ") + (ids.length > SHOW ? ", …" : "");

export function matchIds(name: string, submitted: readonly string[], expected: readonly string[]): Int32Array {
  const rowOf = new Map<string, number>();
  const dupCounts = new Map<string, number>();
  submitted.forEach((id, row) => {
    if (rowOf.has(id)) dupCounts.set(id, (dupCounts.get(id) ?? 1) + 1);
    else rowOf.set(id, row);
  });
  if (dupCounts.size > 0) {
    const dups = [...dupCounts.keys()];
    const shown = dups.slice(0, SHOW).map((id) => `${JSON.stringify(id)} (×${dupCounts.get(id)})`);
    throw invalidUpload(
      `${name} contains ${dups.length} duplicated id${dups.length > 1 ? "s" : ""}: ${shown.join(", ")}${dups.length > SHOW ? ", …" : ""}`,
      { duplicates: dups.slice(0, SHOW), duplicateCount: dups.length },
    );
  }

  const perm = new Int32Array(expected.length);
  const missing: string[] = [];
  expected.forEach((id, i) => {
    const row = rowOf.get(id);
    if (row === undefined) missing.push(id);
    else perm[i] = row;
  });
  const expectedSet = new Set(expected);
  const unexpected = submitted.filter((id) => !expectedSet.has(id));
  if (missing.length > 0 || unexpected.length > 0) {
    const parts: string[] = [];
    if (missing.length > 0) parts.push(`${missing.length} missing (${list(missing)})`);
    if (unexpected.length > 0) parts.push(`${unexpected.length} unexpected (${list(unexpected)})`);
    throw invalidUpload(`${name} does not match the benchmark's ids: ${parts.join("; ")}`, {
      missing: missing.slice(0, SHOW),
      missingCount: missing.length,
      unexpected: unexpected.slice(0, SHOW),
      unexpectedCount: unexpected.length,
    });
  }
  return perm;
}
