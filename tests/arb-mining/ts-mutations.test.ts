import { describe, expect, it } from "vitest";
import { applyMutation, findTsMutations, parsesCleanly } from "@/lib/construction/arb-mining/ts-mutations";

// The six families on hand-written TypeScript: each expected mutant is spelled out.
const mutants = (src: string, family: string) => findTsMutations("x.ts", src).filter((m) => m.bug_type === family).map((m) => applyMutation(src, m));

describe("TypeScript mutation sites", () => {
  it("off_by_one moves integer constants, never to `x + 0`, `x * 1` or a division by zero", () => {
    expect(mutants("export const f = (n: number) => n * 3 + 1;\n", "off_by_one")).toEqual([
      "export const f = (n: number) => n * 2 + 1;\n",
      "export const f = (n: number) => n * 4 + 1;\n",
      "export const f = (n: number) => n * 3 + 2;\n",
    ]);
    expect(mutants("export const g = (n: number) => n / 2;\n", "off_by_one")).toEqual(["export const g = (n: number) => n / 3;\n"]);
  });

  it("off_by_one_boundary moves indices, slice ends and loop bounds", () => {
    const src = "export function f(xs: number[]) {\n  for (let i = 0; i < xs.length - 1; i++) xs[i] = xs.slice(1)[i];\n}\n";
    expect(mutants(src, "off_by_one_boundary")).toEqual([
      src.replace("let i = 0", "let i = 1"),
      src.replace("xs.length - 1;", "xs.length;"),
      src.replace("xs.length - 1;", "xs.length - 2;"),
      src.replace("xs[i] =", "xs[i + 1] ="),
      src.replace("xs[i] =", "xs[i - 1] ="),
      src.replace("slice(1)", "slice(0)"),
      src.replace("slice(1)", "slice(2)"),
      src.replace("slice(1)[i]", "slice(1)[i + 1]"),
      src.replace("slice(1)[i]", "slice(1)[i - 1]"),
    ]);
  });

  it("wrong_operator swaps arithmetic and logical operators but leaves string concatenation", () => {
    const src = 'export const f = (a: number, b: boolean, c: boolean) => (b && c ? a % 7 : "n=" + a);\n';
    expect(mutants(src, "wrong_operator")).toEqual([src.replace("&&", "||"), src.replace("a % 7", "a / 7")]);
  });

  it("wrong_comparison moves an ordering by one step or flips it, and flips equality", () => {
    const src = "export const f = (a: number, b: number) => a < b || a === 0;\n";
    expect(mutants(src, "wrong_comparison")).toEqual([src.replace("a < b", "a <= b"), src.replace("a < b", "a > b"), src.replace("===", "!==")]);
  });

  it("swap_arguments swaps adjacent arguments and non-commutative operands, parenthesized", () => {
    const src = "export const f = (a: number, b: number, c: number) => pow(a, b) + (a - b - c) + Math.max(a, b);\n";
    expect(mutants(src, "swap_arguments")).toEqual([src.replace("pow(a, b)", "pow(b, a)"), src.replace("a - b - c", "b - a - c"), src.replace("a - b - c", "c - (a - b)")]);
  });

  it("remove_edge_case_check deletes a whole guard that leaves early, never a function's last statement", () => {
    const src = "export function f(xs: number[]) {\n  if (xs.length === 0) return 0;\n  if (xs[0] < 0) {\n    throw new Error(\"negative\");\n  }\n  return xs[0];\n}\n";
    expect(mutants(src, "remove_edge_case_check")).toEqual([
      "export function f(xs: number[]) {\n  if (xs[0] < 0) {\n    throw new Error(\"negative\");\n  }\n  return xs[0];\n}\n",
      "export function f(xs: number[]) {\n  if (xs.length === 0) return 0;\n  return xs[0];\n}\n",
    ]);
    expect(mutants("export function g(x: number) {\n  const y = x * 2;\n  if (y > 4) return y;\n}\n", "remove_edge_case_check")).toEqual([]);
  });

  it("never mutates types, imports, enums or decorators, and every mutant parses", () => {
    const src = 'import { a } from "./a";\nexport type T = [1, 2];\nexport enum E { A = 1 }\nexport interface I { n: 3 }\nexport const v: 4 = 4;\n';
    const found = findTsMutations("x.ts", src);
    expect(found.map((m) => m.original)).toEqual(["4", "4"]);
    expect(found.map((m) => m.line)).toEqual([5, 5]);
    const big = "export function h(s: string, n: number) {\n  let out = 0;\n  for (let i = 0; i < n; i++) {\n    if (s[i] === \"x\") continue;\n    out += s.charCodeAt(i) >> 1;\n  }\n  return out;\n}\n";
    const all = findTsMutations("y.ts", big);
    expect(new Set(all.map((m) => m.bug_type))).toEqual(new Set(["off_by_one", "off_by_one_boundary", "wrong_operator", "wrong_comparison", "swap_arguments", "remove_edge_case_check"]));
    for (const m of all) expect(parsesCleanly("y.ts", applyMutation(big, m))).toBe(true);
  });
});
