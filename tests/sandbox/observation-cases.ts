import type { TestObservation } from "@/lib/sandbox/types";

// What the judge reports per test (docker/runner/observe.py), against honest and hostile code:
// the repr of the value it decoded itself, cut to 200 characters, and the builtin exception
// type; nothing the candidate prints, forges or lets its own __repr__ say. Every case also
// pins its outcomes, which observations must never change.

export interface ObservationCase {
  id: string;
  /** What the case checks. */
  what: string;
  code: string;
  tests: string[];
  outcomes: string[];
  observations: (TestObservation | null)[];
  timeoutMs?: number;
}

const py = (...lines: string[]) => lines.join("\n") + "\n";
const shown = (returned: string, extra: Partial<TestObservation> = {}): TestObservation => ({ returned, truncated: false, ...extra });
const cut = (returned: string, extra: Partial<TestObservation> = {}): TestObservation => ({ returned, truncated: true, ...extra });
/** Python's repr of `'<b>\n\u202e'` repeated, as the judge writes it, cut to 200 characters. */
const controls = ("'" + "<b>\\n\\u202e".repeat(30)).slice(0, 200);

export const OBSERVATION_CASES: ObservationCase[] = [
  {
    id: "values",
    what: "a passing call's value and a failing one's, for the benchmark's one shape",
    code: py("def lowest_set_bit(n):", "    return n | (-n) if n > 8 else n & (-n)"),
    tests: ["assert lowest_set_bit(8) == 8", "assert lowest_set_bit(12) == 4", "assert lowest_set_bit(1) == 1"],
    outcomes: ["pass", "FAIL", "pass"],
    observations: [shown("8"), shown("-4"), shown("1")],
  },
  {
    id: "builtin-kinds",
    what: "containers and stdlib values shown as Python shows them (small sets sorted, a Counter by count)",
    code: py(
      "from collections import Counter, OrderedDict, deque, namedtuple",
      "from fractions import Fraction",
      "P = namedtuple('P', 'x y')",
      "def f(k):",
      "    return [{'b', 'c', 'a'}, Counter('abracadabra'), OrderedDict(a=(1,)), deque([1.5, None], maxlen=2), P(1, b'\\x00'), Fraction(1, 3), {1: {2: [3]}}.items(), 2 ** 64, True, frozenset()][k]",
    ),
    tests: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((k) => `assert f(${k}) == 0`),
    outcomes: ["FAIL", "FAIL", "FAIL", "FAIL", "FAIL", "FAIL", "FAIL", "FAIL", "FAIL", "FAIL"],
    observations: [
      shown("{'a', 'b', 'c'}"),
      shown("Counter({'a': 5, 'b': 2, 'r': 2, 'c': 1, 'd': 1})"),
      shown("OrderedDict([('a', (1,))])"),
      shown("deque([1.5, None], maxlen=2)"),
      shown("P(x=1, y=b'\\x00')"),
      shown("Fraction(1, 3)"),
      shown("dict_items([(1, {2: [3]})])"),
      shown("18446744073709551616"),
      shown("True"),
      shown("frozenset()"),
    ],
  },
  {
    id: "exceptions",
    what: "the builtin class the judge counts a raised exception as, whatever the candidate named it",
    code: py("class ParseError(ValueError):", "    pass", "def parse(s):", "    if s == 'x':", "        raise ParseError(s)", "    return {}[s]"),
    tests: ["assert parse('x') == 1", "assert parse('y') == 1", "with pytest.raises(ValueError):\n    parse('x')", "with pytest.raises(KeyError):\n    parse('x')"],
    outcomes: ["FAIL:ParseError", "FAIL:KeyError", "pass", "FAIL:ParseError"],
    observations: [{ exception: "ValueError" }, { exception: "KeyError" }, { exception: "ValueError" }, { exception: "ValueError" }],
  },
  {
    id: "trusted-raises",
    what: "a value the test's own check cannot use: the value, and the exception the check raised; a call run as a statement has no value to show",
    code: py("def half(x):", "    return 'a'"),
    tests: ["assert half(2) + 1 == 2", "with pytest.raises(ValueError):\n    half(2)"],
    outcomes: ["FAIL:TypeError", "FAIL"],
    observations: [shown("'a'", { exception: "TypeError" }), null],
  },
  {
    id: "steps",
    what: "a test with variables and steps shows the value it read last",
    code: py("class Stack:", "    def __init__(self):", "        self.items = []", "    def push(self, x):", "        self.items.append(x)", "    def pop(self):", "        return self.items[0]"),
    tests: ["s = Stack()\ns.push(1)\ns.push(2)\nassert s.pop() == 2", "s = Stack()\nassert s.pop() == 1"],
    outcomes: ["FAIL", "FAIL:IndexError"],
    observations: [shown("1"), { exception: "IndexError" }],
  },
  {
    id: "lying-repr",
    what: "objects whose __repr__ lies, raises or never ends: never called, and never shown",
    code: py(
      "class Lies:",
      "    def __repr__(self):",
      "        return 'LIES'",
      "class Raises:",
      "    def __repr__(self):",
      "        raise RuntimeError('no')",
      "class Loops:",
      "    def __repr__(self):",
      "        while True:",
      "            pass",
      "class S(str):",
      "    def __repr__(self):",
      "        return 'LIES'",
      "def square(k):",
      "    return [Lies(), Raises(), Loops(), [Lies()], S('five')][k]",
    ),
    tests: [0, 1, 2, 3, 4].map((k) => `assert square(${k}) == 4`),
    outcomes: ["FAIL", "FAIL", "FAIL", "FAIL", "FAIL"],
    // A str subclass that keeps str's comparisons crosses as its str value, and shows as it.
    observations: [null, null, null, null, shown("'five'")],
  },
  {
    id: "huge-values",
    what: "huge values, and a small frame that shared references make enormous, cost what 200 characters cost",
    code: py(
      "def big(k):",
      "    if k == 0:",
      "        return list(range(100_000))",
      "    if k == 1:",
      "        x = [0]",
      "        for _ in range(40):",
      "            x = [x] * 100",
      "        return x",
      "    if k == 2:",
      "        return 10 ** 5000",
      "    return 'ab' * 500_000",
    ),
    tests: [0, 1, 2, 3].map((k) => `assert big(${k}) == 4`),
    outcomes: ["FAIL", "FAIL", "FAIL", "FAIL"],
    observations: [
      cut(("[" + Array.from({ length: 60 }, (_, i) => String(i)).join(", ")).slice(0, 200)),
      cut(("[".repeat(41) + "0]" + ", [0]".repeat(40)).slice(0, 200)),
      null, // an int longer than str() allows: nothing to show
      cut(("'" + "ab".repeat(100)).slice(0, 200)),
    ],
  },
  {
    id: "controls-and-html",
    what: "a str with control characters, HTML and a right-to-left override: escaped as repr escapes them",
    code: py("def greet(n):", "    return '<b>\\n\\u202e' * 30 if n else '<script>alert(1)</script>\\x1b[31m\\x00'"),
    tests: ["assert greet(1) == 'hi'", "assert greet(0) == 'hi'"],
    outcomes: ["FAIL", "FAIL"],
    observations: [cut(controls), shown("'<script>alert(1)</script>\\x1b[31m\\x00'")],
  },
  ...(
    [
      ["forged-line", "print a result line claiming an observation", "", "FAIL", shown("5")],
      ["forged-object-frame", "a forged frame: an object whose class is named FORGED <script>", String.raw`os.write(4, b'[0,"steps",[["o","FORGED <script>",["__repr__"]]]]\n')`, "FAIL", null],
      ["forged-extra-field", "a forged frame with an observation of its own", String.raw`os.write(4, b'[0,"steps",[["i","0x4"]],{"returned":"FORGED"}]\n')`, "FAIL:NotPlainData", null],
      ["forged-raise-frame", "a forged frame: a KeyError whose class is named FORGED <script>", String.raw`os.write(4, b'[0,"steps",[["raise","KeyError","FORGED <script>","FORGED"]]]\n')`, "FAIL:KeyError", { exception: "KeyError" }],
    ] as const
  ).map(([id, what, forge, outcome, observation]) => ({
    id,
    // Each also prints a forged result line; a forged frame, read first, stands as the test's frame.
    what,
    code: py(
      "import os, sys",
      "def square(x):",
      String.raw`    sys.stdout.write('{"id":"1","outcomes":["pass"],"passed":true,"durationMs":1,"inProcess":[],"observations":[{"returned":"FORGED"}]}\n')`,
      "    sys.stdout.flush()",
      ...(forge ? ["    " + forge] : []),
      "    return 5",
    ),
    tests: ["assert square(2) == 4"],
    outcomes: [outcome],
    observations: [observation],
  })),
  {
    id: "undecided",
    what: "tests the judge did not decide (run the old way, timed out) have none",
    code: py("import time", "def slow(x):", "    if x:", "        time.sleep(30)", "    return x"),
    tests: ["for x in (0,):\n    assert slow(x) == 0", "assert slow(1) == 1"],
    outcomes: ["pass", "TIMEOUT"],
    observations: [null, null],
    timeoutMs: 1500,
  },
  {
    id: "not-loading",
    what: "code that does not load",
    code: "def f(:\n",
    tests: ["assert f() == 1"],
    outcomes: ["ERROR:SyntaxError"],
    observations: [null],
  },
];

/**
 * Many tests whose values are each 200 astral characters (some 2.4 KB of JSON apiece): the result
 * line stays within what the pool reads, the first tests keep their observations, and every
 * outcome is there.
 */
export const MANY_OBSERVATIONS = {
  id: "many",
  code: py("def wide(k):", "    return '\\U0001F600' * 300"),
  tests: Array.from({ length: 150 }, (_, k) => `assert wide(${k}) == ''`),
};
