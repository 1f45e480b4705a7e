import { describe, expect, it } from "vitest";
import { applyEdit, editSize } from "@/lib/construction/apply-edit";
import { describeEdit } from "@/lib/construction/describe-edit";
import { findMutations } from "@/lib/construction/find-mutations";

// The six operator families on hand-written canonicals: every expected mutant is spelled out
// in full, so any change in what the engine proposes (or how it edits the text) shows here.

async function mutants(source: string, bugType: string) {
  const sites = (await findMutations([{ id: "t", source }])).get("t")!;
  expect(sites.error).toBeUndefined();
  return sites.edits.filter((e) => e.bug_type === bugType).map((e) => ({ code: applyEdit(source, e), description: describeEdit(e) }));
}

describe("off_by_one: an integer constant ±1", () => {
  it("moves each constant up and down, skipping identities such as `x + 0`", async () => {
    const src = "def f(n):\n    if n < 2:\n        return 1\n    return n * 3 + 1\n";
    expect(await mutants(src, "off_by_one")).toEqual([
      { code: "def f(n):\n    if n < 1:\n        return 1\n    return n * 3 + 1\n", description: "Changed `2` to `1` in `if n < 2`." },
      { code: "def f(n):\n    if n < 3:\n        return 1\n    return n * 3 + 1\n", description: "Changed `2` to `3` in `if n < 2`." },
      { code: "def f(n):\n    if n < 2:\n        return 0\n    return n * 3 + 1\n", description: "Changed `1` to `0` in `return 1`." },
      { code: "def f(n):\n    if n < 2:\n        return 2\n    return n * 3 + 1\n", description: "Changed `1` to `2` in `return 1`." },
      { code: "def f(n):\n    if n < 2:\n        return 1\n    return n * 2 + 1\n", description: "Changed `3` to `2` in `return n * 3 + 1`." },
      { code: "def f(n):\n    if n < 2:\n        return 1\n    return n * 4 + 1\n", description: "Changed `3` to `4` in `return n * 3 + 1`." },
      { code: "def f(n):\n    if n < 2:\n        return 1\n    return n * 3 + 2\n", description: "Changed `1` to `2` in `return n * 3 + 1`." },
    ]);
  });

  it("offers the variant without a new minus sign first (the selection takes the first)", async () => {
    expect((await mutants("def f(xs):\n    total = 0\n    return total\n", "off_by_one")).map((m) => m.code)).toEqual([
      "def f(xs):\n    total = 1\n    return total\n",
      "def f(xs):\n    total = -1\n    return total\n",
    ]);
  });

  it("keeps the literal's base and leaves booleans alone", async () => {
    expect((await mutants("def mask(n):\n    return n & 0xF0 or True\n", "off_by_one")).map((m) => m.code)).toEqual([
      "def mask(n):\n    return n & 0xEF or True\n",
      "def mask(n):\n    return n & 0xF1 or True\n",
    ]);
  });
});

describe("off_by_one_boundary: a range, slice or index bound ±1", () => {
  it("shifts range bounds, drops or grows an existing adjustment, and moves indices", async () => {
    const src = "def f(s):\n    for i in range(1, len(s) - 1):\n        s[i] = 0\n    return s[-1]\n";
    expect(await mutants(src, "off_by_one_boundary")).toEqual([
      {
        code: "def f(s):\n    for i in range(0, len(s) - 1):\n        s[i] = 0\n    return s[-1]\n",
        description: "Changed the range start `1` to `0` in `for i in range(1, len(s) - 1)`.",
      },
      {
        code: "def f(s):\n    for i in range(2, len(s) - 1):\n        s[i] = 0\n    return s[-1]\n",
        description: "Changed the range start `1` to `2` in `for i in range(1, len(s) - 1)`.",
      },
      {
        code: "def f(s):\n    for i in range(1, len(s)):\n        s[i] = 0\n    return s[-1]\n",
        description: "Changed the range stop `len(s) - 1` to `len(s)` in `for i in range(1, len(s) - 1)`.",
      },
      {
        code: "def f(s):\n    for i in range(1, len(s) - 2):\n        s[i] = 0\n    return s[-1]\n",
        description: "Changed the range stop `len(s) - 1` to `len(s) - 2` in `for i in range(1, len(s) - 1)`.",
      },
      { code: "def f(s):\n    for i in range(1, len(s) - 1):\n        s[i + 1] = 0\n    return s[-1]\n", description: "Changed the index `i` to `i + 1` in `s[i] = 0`." },
      { code: "def f(s):\n    for i in range(1, len(s) - 1):\n        s[i - 1] = 0\n    return s[-1]\n", description: "Changed the index `i` to `i - 1` in `s[i] = 0`." },
      { code: "def f(s):\n    for i in range(1, len(s) - 1):\n        s[i] = 0\n    return s[-2]\n", description: "Changed the index `-1` to `-2` in `return s[-1]`." },
      { code: "def f(s):\n    for i in range(1, len(s) - 1):\n        s[i] = 0\n    return s[0]\n", description: "Changed the index `-1` to `0` in `return s[-1]`." },
    ]);
  });

  it("moves slice bounds and never treats a mapping key as a position", async () => {
    const src = "def f(s, k, d):\n    return s[:k] + d[\"a\"]\n";
    expect(await mutants(src, "off_by_one_boundary")).toEqual([
      { code: "def f(s, k, d):\n    return s[:k + 1] + d[\"a\"]\n", description: "Changed the slice stop `k` to `k + 1` in `return s[:k] + d[\"a\"]`." },
      { code: "def f(s, k, d):\n    return s[:k - 1] + d[\"a\"]\n", description: "Changed the slice stop `k` to `k - 1` in `return s[:k] + d[\"a\"]`." },
    ]);
  });
});

describe("wrong_operator: an arithmetic, bitwise or boolean operator swapped", () => {
  it("swaps binary, augmented and boolean operators", async () => {
    const src = "def f(n, a, b):\n    total = n & (-n)\n    total += 2\n    return a and b\n";
    expect(await mutants(src, "wrong_operator")).toEqual([
      { code: "def f(n, a, b):\n    total = n ^ (-n)\n    total += 2\n    return a and b\n", description: "Changed `&` to `^` in `total = n & (-n)`." },
      { code: "def f(n, a, b):\n    total = n | (-n)\n    total += 2\n    return a and b\n", description: "Changed `&` to `|` in `total = n & (-n)`." },
      { code: "def f(n, a, b):\n    total = n & (-n)\n    total -= 2\n    return a and b\n", description: "Changed `+=` to `-=` in `total += 2`." },
      { code: "def f(n, a, b):\n    total = n & (-n)\n    total += 2\n    return a or b\n", description: "Changed `and` to `or` in `return a and b`." },
    ]);
  });

  it("drops a swap that would silently regroup the expression", async () => {
    // `a * b // c` -> `a + b // c` would change which operands `//` takes: not one operator swap.
    const src = "def f(a, b, c):\n    return a * b // c\n";
    expect((await mutants(src, "wrong_operator")).map((m) => m.code)).toEqual([
      "def f(a, b, c):\n    return a * b % c\n",
      "def f(a, b, c):\n    return a * b / c\n",
    ]);
  });
});

describe("wrong_comparison: a comparison operator changed", () => {
  it("changes <, ==, `is` and `not in` to their neighbours", async () => {
    const src = "def f(x, seen):\n    if x < 2:\n        return x is None\n    return x not in seen or x == 3\n";
    expect((await mutants(src, "wrong_comparison")).map((m) => m.description)).toEqual([
      "Changed `<` to `<=` in `if x < 2`.",
      "Changed `<` to `>` in `if x < 2`.",
      "Changed `is` to `is not` in `return x is None`.",
      "Changed `not in` to `in` in `return x not in seen or x == 3`.",
      "Changed `==` to `!=` in `return x not in seen or x == 3`.",
    ]);
    expect((await mutants(src, "wrong_comparison")).map((m) => m.code)[3]).toBe(
      "def f(x, seen):\n    if x < 2:\n        return x is None\n    return x in seen or x == 3\n",
    );
  });
});

describe("swap_arguments: two call arguments, or the operands of a non-commutative operator", () => {
  it("swaps adjacent arguments and operands, parenthesizing when the grouping demands it", async () => {
    const src = "def f(a, b, c):\n    q, r = divmod(a, b)\n    return max(q, r) + a - b - c\n";
    expect(await mutants(src, "swap_arguments")).toEqual([
      {
        code: "def f(a, b, c):\n    q, r = divmod(b, a)\n    return max(q, r) + a - b - c\n",
        description: "Swapped the arguments `a` and `b` of `divmod` in `q, r = divmod(a, b)`.",
      },
      {
        code: "def f(a, b, c):\n    q, r = divmod(a, b)\n    return b - (max(q, r) + a) - c\n",
        description: "Swapped the operands `max(q, r) + a` and `b` of `-` in `return max(q, r) + a - b - c`.",
      },
      {
        code: "def f(a, b, c):\n    q, r = divmod(a, b)\n    return c - (max(q, r) + a - b)\n",
        description: "Swapped the operands `max(q, r) + a - b` and `c` of `-` in `return max(q, r) + a - b - c`.",
      },
    ]);
  });

  it("marks a swap with a bare constant operand as awkward, so it is chosen last", async () => {
    const sites = (await findMutations([{ id: "t", source: "def f(x, y):\n    return x ** 2 - y\n" }])).get("t")!;
    const swaps = sites.edits.filter((e) => e.bug_type === "swap_arguments").map((e) => [e.replacement, e.detail.awkward]);
    expect(swaps).toEqual([
      ["2 ** x", true],
      ["y - x ** 2", false],
    ]);
  });

  it("skips symmetric calls and identical operands", async () => {
    expect(await mutants("def f(a, b):\n    return min(a, b) + pow(a, a) + (b - b)\n", "swap_arguments")).toEqual([]);
  });
});

describe("remove_edge_case_check: an early-return guard deleted", () => {
  it("deletes whole guard lines, one-line or block, and nothing else", async () => {
    const src = "def f(n):\n    if n < 2: return 1\n    if not n:\n        return 0  # empty\n    if n > 9:\n        return 3\n    else:\n        n += 1\n    return n\n";
    expect(await mutants(src, "remove_edge_case_check")).toEqual([
      {
        code: "def f(n):\n    if not n:\n        return 0  # empty\n    if n > 9:\n        return 3\n    else:\n        n += 1\n    return n\n",
        description: "Deleted the guard `if n < 2: return 1`.",
      },
      {
        code: "def f(n):\n    if n < 2: return 1\n    if n > 9:\n        return 3\n    else:\n        n += 1\n    return n\n",
        description: "Deleted the guard `if not n: return 0`.",
      },
    ]);
  });

  it("leaves a final if (the result, not a guard) and a guard that is its block's only statement", async () => {
    const src = "def f(xs):\n    for x in xs:\n        if x:\n            return x\n    if xs:\n        return 0\n";
    expect(await mutants(src, "remove_edge_case_check")).toEqual([]);
  });

  it("deletes multi-line guards and guards inside loops that leave by continue, break or raise", async () => {
    const src =
      "def f(xs, k):\n    if k <= 0:\n        total = 0\n        for x in xs:\n            total += x\n        return [total]\n" +
      "    out = []\n    for x in xs:\n        if x is None:\n            continue\n        if x < 0:\n            raise ValueError(x)\n        out.append(x * k)\n    return out\n";
    const found = await mutants(src, "remove_edge_case_check");
    expect(found.map((m) => m.description)).toEqual([
      "Deleted the 5-line guard `if k <= 0: … return [total]`.",
      "Deleted the guard `if x is None: continue`.",
      "Deleted the guard `if x < 0: raise ValueError(x)`.",
    ]);
    expect(found[0].code).toBe("def f(xs, k):\n    out = []\n    for x in xs:\n        if x is None:\n            continue\n        if x < 0:\n            raise ValueError(x)\n        out.append(x * k)\n    return out\n");
    expect(found[1].code).toBe(src.replace("        if x is None:\n            continue\n", ""));
  });

  it("never deletes more than 15 lines, nor an if whose block does not leave", async () => {
    const long = "def f(n):\n    if n < 0:\n" + Array.from({ length: 15 }, (_, i) => `        n += ${i}\n`).join("") + "        return n\n    return n + 1\n";
    expect(await mutants(long, "remove_edge_case_check")).toEqual([]);
    const normalise = "def f(n):\n    if n < 0:\n        n = -n\n    return n\n";
    expect(await mutants(normalise, "remove_edge_case_check")).toEqual([]);
  });
});

describe("every edit", () => {
  it("leaves everything outside its span byte-identical and records span and size in characters", async () => {
    // An astral character before the edits: spans count code points, JavaScript UTF-16 units.
    const src = 'def f(n):\n    s = "😀" + f"{n + 1}"\n    return len(s) - n * 2\n';
    const sites = (await findMutations([{ id: "t", source: src }])).get("t")!;
    expect(sites.edits.length).toBeGreaterThan(3);
    const points = [...src];
    for (const e of sites.edits) {
      const mutant = [...applyEdit(src, e)];
      expect(mutant.slice(0, e.start).join("")).toBe(points.slice(0, e.start).join(""));
      expect(mutant.slice(mutant.length - (points.length - e.end)).join("")).toBe(points.slice(e.end).join(""));
      expect(mutant.slice(e.start, mutant.length - (points.length - e.end)).join("")).toBe(e.replacement);
      expect(points.slice(e.start, e.end).join("")).toBe(e.original);
      expect(editSize(e)).toBe([...e.original].length + [...e.replacement].length);
    }
    // nothing inside the f-string (code points 24-34) is touched: its internals have no reliable positions
    expect([...src].slice(24, 34).join("")).toBe('f"{n + 1}"');
    expect(sites.edits.filter((e) => e.start >= 24 && e.start < 34)).toEqual([]);
    expect(sites.edits.some((e) => e.original === "+" && e.start === 22)).toBe(true);
  });

  it("refuses to apply an edit whose span does not hold the expected text", () => {
    expect(() => applyEdit("def f(n):\n    return n\n", { start: 0, end: 3, original: "fed", replacement: "x" })).toThrow(/does not hold "fed"/);
  });

  it("reports a canonical that does not parse instead of inventing edits", async () => {
    const sites = (await findMutations([{ id: "t", source: "def f(:\n" }])).get("t")!;
    expect(sites.error).toMatch(/SyntaxError/);
    expect(sites.edits).toEqual([]);
  });
});
