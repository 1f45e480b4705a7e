import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { parseRunnerLine } from "@/lib/sandbox/runner-protocol";
import { runnerDir } from "@/lib/sandbox/runner-script";

// The judge's bounded repr (docker/runner/observe.py) is Python's repr, cut: checked against
// repr() itself on thousands of random values at several bounds, and on the values it must
// refuse or stop early on. Then the pool's side: what it keeps of a result's observations.

function python(body: string): unknown {
  const script = `import json, sys; sys.path.insert(0, ${JSON.stringify(runnerDir())})\n${body}`;
  const run = spawnSync("/usr/bin/python3.11", ["-I", "-B", "-c", script], { encoding: "utf8", env: { PATH: "/usr/bin:/bin" } as unknown as NodeJS.ProcessEnv });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout);
}

describe("the judge's bounded repr", () => {
  it("is repr() cut to the bound, for random builtin and stdlib values", () => {
    const mismatches = python(`
import collections, datetime, decimal, fractions, random
import observe, plain_data
rng = random.Random(14)
P = plain_data._namedtuple("P", ("x", "y"))
chars = ["a", "'", '"', "\\\\", "\\n", "\\x00", "\\x7f", "\\u202e", "é", "\\U0001F600", "\\ud800", "<", "&"]
def text():
    return "".join(rng.choice(chars) for _ in range(rng.randrange(0, 40)))
def leaf():
    k = rng.randrange(16)
    return [None, True, rng.randrange(-10**30, 10**30), rng.random() * 10 ** rng.randrange(-5, 30), complex(rng.random(), -1.5),
            text(), text().encode("utf-8", "surrogatepass"), bytearray(text().encode("utf-8", "surrogatepass")), Ellipsis,
            fractions.Fraction(rng.randrange(-99, 99), rng.randrange(1, 99)), decimal.Decimal(rng.randrange(10**6)) / 1000,
            datetime.datetime(2024, 1, 2, 3, 4, 5, 6, tzinfo=datetime.timezone(datetime.timedelta(hours=rng.randrange(-5, 5)))),
            range(rng.randrange(9), rng.randrange(9, 99), rng.randrange(1, 5)), rng.choice([int, str, ValueError]), NotImplemented,
            slice(rng.choice([None, -3, 7]), rng.choice([None, text(), 2 ** 70]), rng.choice([None, 2, 0.5]))][k]
def value(depth=0):
    if depth > 3 or rng.random() < 0.35:
        return leaf()
    items = [value(depth + 1) for _ in range(rng.randrange(0, 6))]
    k = rng.randrange(10)
    hashable = [x for x in items if isinstance(x, (int, str, bytes, float, tuple)) and not isinstance(x, bool)]
    if k == 0: return items
    if k == 1: return tuple(items)
    if k == 2: return {repr(i): x for i, x in enumerate(items)}
    if k == 3: return collections.OrderedDict((str(i), x) for i, x in enumerate(items))
    if k == 4: return collections.deque(items, maxlen=rng.choice([None, 9]))
    if k == 5: return collections.defaultdict(rng.choice([None, list, int]), {i: x for i, x in enumerate(items)})
    if k == 6: return P(items, tuple(items))
    if k == 7: return collections.Counter({str(i): rng.randrange(-3, 9) for i in range(len(items))})
    if k == 8: return {i: x for i, x in enumerate(items)}.items()
    return {i: x for i, x in enumerate(items)}.values()
bad = []
for _ in range(3000):
    v = value()
    full = repr(v)
    for limit in (0, 1, 7, 50, 200):
        got = observe.bounded_repr(v, limit)
        if got != (full[:limit], len(full) > limit):
            bad.append([full[:300], limit, got[0]])
print(json.dumps(bad[:5]))
`);
    expect(mismatches).toEqual([]);
  });

  it("shows small sets of scalars sorted, cycles as Python does, and stops early on shared references", () => {
    const out = python(`
import observe
l = []; l.append(l)
d = {}; d["self"] = d
x = [0]
for _ in range(60):
    x = [x] * 1000
print(json.dumps([observe.bounded_repr({"b", "c", "a"}), observe.bounded_repr(frozenset({3, 1.5, True})), observe.bounded_repr(l), observe.bounded_repr(d), observe.bounded_repr(x, 80)]))
`);
    expect(out).toEqual([
      ["{'a', 'b', 'c'}", false],
      ["frozenset({True, 1.5, 3})", false],
      ["[[...]]", false],
      ["{'self': {...}}", false],
      ["[".repeat(61) + "0]" + ", [0]".repeat(3) + ", ", true],
    ]);
  });

  it("shows nothing of what it cannot show as Python would, and names only builtin exception types", () => {
    const out = python(`
import collections, observe, plain_data
odd = plain_data.CandidateObject("evil.Thing")
def seen(value, raised=None):
    return observe.observation(value, raised)
print(json.dumps([
    seen(odd), seen([1, odd]), seen({"k": odd}), seen(collections.defaultdict(odd)), seen(10 ** 5000), seen(type("K", (), {})),
    seen(observe.NOTHING, KeyError), seen(observe.NOTHING), seen(5, ZeroDivisionError), seen(observe.NOTHING, type("a b", (Exception,), {})),
]))
`);
    expect(out).toEqual([null, null, null, null, null, null, { exception: "KeyError" }, null, { returned: "5", truncated: false, exception: "ZeroDivisionError" }, null]);
  });
});

describe("observations on the pool's side of the protocol", () => {
  const line = (observations: unknown, outcomes = ["FAIL", "pass"]) =>
    JSON.stringify({ id: "1", outcomes, passed: false, durationMs: 1, inProcess: [], ...(observations === undefined ? {} : { observations }) });
  const observationsOf = (l: string) => {
    const msg = parseRunnerLine(l);
    if (msg?.kind !== "result") throw new Error(`not a result: ${l}`);
    return msg.observations;
  };

  it("keeps what fits, per test, and never refuses a result over them", () => {
    expect(observationsOf(line([{ returned: "-4", truncated: false }, null]))).toEqual([{ returned: "-4", truncated: false }, null]);
    expect(observationsOf(line(undefined))).toBeNull();
    expect(observationsOf(line([{ returned: "1" }]))).toBeNull(); // misaligned
    expect(observationsOf(line("nope"))).toBeNull();
    expect(observationsOf(line([{ returned: 5 }, { exception: "not a name" }]))).toEqual([null, null]);
    // Text a repr never holds is dropped; the exception type stays.
    expect(observationsOf(line([{ returned: "a\u0000b", exception: "KeyError" }, { returned: "\u202e\u0085" }]))).toEqual([{ exception: "KeyError" }, null]);
    // Too long: cut to 200 characters (code points), and marked.
    const [long] = observationsOf(line([{ returned: "\u{1F600}".repeat(250), truncated: false }, null]))!;
    expect(long).toEqual({ returned: "\u{1F600}".repeat(200), truncated: true });
  });
});
