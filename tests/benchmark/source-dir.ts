import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

// Writes a source directory (benchmark.json + tasks/<file>.jsonl) for build tests. Lines are
// written as given: objects are serialized, strings are written raw (for malformed lines).
export async function writeSourceDir(files: Record<string, (object | string)[]>, meta: object = {}): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "execboard-src-"));
  await fs.mkdir(path.join(dir, "tasks"));
  const benchmark = { slug: "build-test", name: "Build test", version: "1", description: "", license: "CC-BY-4.0", ...meta };
  await fs.writeFile(path.join(dir, "benchmark.json"), JSON.stringify(benchmark));
  for (const [name, lines] of Object.entries(files)) {
    const text = lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n") + "\n";
    await fs.writeFile(path.join(dir, "tasks", `${name}.jsonl`), text);
  }
  return dir;
}

/** Writes contract files (benchmark.json, queries.jsonl, corpus.jsonl) as given into a fresh temporary directory. */
export async function writeContractDir(files: Record<string, string>): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "execboard-contract-"));
  for (const [name, text] of Object.entries(files)) await fs.writeFile(path.join(dir, name), text);
  return dir;
}

export function tests(fn: string, cases: [string, string][]): string[] {
  return cases.map(([args, expected]) => `assert ${fn}(${args}) == ${expected}`);
}

export const CLAMP = {
  function_name: "clamp_value",
  domain: "math_numerical",
  query: "Clamp x into the closed interval [lo, hi].",
  canonical: "def clamp_value(x, lo, hi):\n    if x < lo:\n        return lo\n    if x > hi:\n        return hi\n    return x\n",
  test_suite: tests("clamp_value", [
    ["5, 0, 10", "5"],
    ["-3, 0, 10", "0"],
    ["15, 0, 10", "10"],
    ["0, 0, 10", "0"],
    ["10, 0, 10", "10"],
    ["7, 7, 7", "7"],
    ["-1, -5, -2", "-2"],
    ["3, 1, 4", "3"],
  ]),
};

const RUN_LENGTH_CODE =
  "def longest_run(s):\n    if not s:\n        return 0\n    best = 1\n    run = 1\n    for i in range(1, len(s)):\n" +
  "        if s[i] == s[i - 1]:\n            run += 1\n        else:\n            run = 1\n        if run > best:\n            best = run\n    return best\n";

export const RUN_LENGTH = {
  function_name: "longest_run",
  domain: "string_processing",
  query: "Length of the longest run of equal adjacent characters in a string.",
  canonical: RUN_LENGTH_CODE,
  test_suite: tests("longest_run", [
    ['""', "0"],
    ['"a"', "1"],
    ['"ab"', "1"],
    ['"aab"', "2"],
    ['"abbb"', "3"],
    ['"aabbbcc"', "3"],
    ['"zzzz"', "4"],
    ['"abcdd"', "2"],
  ]),
  distractors: [
    {
      code: RUN_LENGTH_CODE.replace("run = 1\n        if", "run = 0\n        if"),
      bug_type: "off_by_one" as const,
      bug_description: "Reset the run to 0 instead of 1.",
    },
  ],
};

export const DIGIT_SUM = {
  function_name: "digit_sum",
  domain: "math_numerical",
  query: "Sum of the decimal digits of a non-negative integer.",
  canonical: "def digit_sum(n):\n    total = 0\n    while n > 0:\n        total += n % 10\n        n //= 10\n    return total\n",
  test_suite: tests("digit_sum", [
    ["0", "0"],
    ["7", "7"],
    ["10", "1"],
    ["99", "18"],
    ["123", "6"],
    ["1000", "1"],
    ["98765", "35"],
  ]),
};
