import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestArray } from "./read-arrays";

// Access to the numpy-written fixtures and the values numpy read back (expected.json).
export const FIXTURE_DIR = fileURLToPath(new URL("../../fixtures/npz", import.meta.url));

export interface ExpectedArray {
  descr: string;
  shape: number[];
  values: Array<number | string>;
}

interface ExpectedFile {
  benchmark: { queryIds: string[]; corpusIds: string[] };
  files: Record<string, ExpectedArray | Record<string, ExpectedArray>>;
}

export const expected: ExpectedFile = JSON.parse(readFileSync(path.join(FIXTURE_DIR, "expected.json"), "utf8"));
export const benchmark = expected.benchmark;

export function fixture(name: string): Buffer {
  return readFileSync(path.join(FIXTURE_DIR, name));
}

export function expectedNpy(name: string): ExpectedArray {
  return expected.files[name] as ExpectedArray;
}

export function expectedNpz(name: string): Record<string, ExpectedArray> {
  return expected.files[name] as Record<string, ExpectedArray>;
}

const SPECIAL: Record<string, number> = { NaN: NaN, Infinity: Infinity, "-Infinity": -Infinity };

/** Float values as numbers (JSON cannot hold NaN/Infinity, so the script wrote them as strings). */
export function floats(a: ExpectedArray): number[] {
  return a.values.map((v) => (typeof v === "string" ? SPECIAL[v] : v));
}

/** Element-wise identity, telling -0 from 0 and NaN equal to NaN. */
export function sameNumbers(actual: ArrayLike<number>, wanted: number[]): boolean {
  return actual.length === wanted.length && wanted.every((w, i) => Object.is(actual[i], w));
}

/** Narrows a decoded array to its float variant (fails the test otherwise). */
export function asFloat(arr: TestArray): Extract<TestArray, { kind: "float" }> {
  if (arr.kind !== "float") throw new Error(`expected a float array, got ${arr.kind}`);
  return arr;
}
