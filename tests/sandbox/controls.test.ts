import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "@/lib/sandbox";
import { CONTROLS, controlPair } from "./controls";
import { ensureSandboxImage, IMAGE_TIMEOUT_MS } from "./helpers";

// Correct code of every kind passes on both backends, judged outside the candidate's process
// except for the tests listed as in-process (their expected side is the candidate's own code).
describe.each(["docker", "process"] as const)("controls on the %s backend", (backend) => {
  let sandbox: Sandbox;

  beforeAll(async () => {
    if (backend === "docker") ensureSandboxImage();
    sandbox = await createSandbox({ backend, concurrency: 2 });
  }, IMAGE_TIMEOUT_MS);

  afterAll(async () => {
    await sandbox?.close();
  });

  it("passes correct code of every kind", { timeout: 120_000 }, async () => {
    const results = await sandbox.run(CONTROLS.map(controlPair));
    for (const [i, c] of CONTROLS.entries()) {
      expect({ id: c.id, outcomes: results[i].outcomes }).toEqual({ id: c.id, outcomes: c.tests.map(() => "pass") });
      expect({ id: c.id, inProcess: results[i].inProcessTests }).toEqual({ id: c.id, inProcess: c.inProcess ?? [] });
    }
  });

  it("gives a wrong answer of each kind its FAIL", { timeout: 120_000 }, async () => {
    // The same suites against code that is wrong in each test's sense: nothing passes.
    const wrong = [
      { id: "generator", code: "def evens(n):\n    yield from range(1, n, 2)\n", tests: CONTROLS[0].tests.slice(0, 6) },
      { id: "views", code: "def keys(d):\n    return list(d.values())\n", tests: ["assert keys({'a': 1, 'b': 2}) == {'b', 'a'}", "assert list(keys({'a': 1, 'b': 2})) == ['a', 'b']"] },
      { id: "stack", code: "class Stack:\n    def push(self, x):\n        pass\n    def pop(self):\n        return None\n", tests: ["s = Stack(); s.push(1); assert s.pop() == 1"] },
      { id: "repr", code: "class Point:\n    pass\ndef make_point(x, y):\n    return Point()\n", tests: ["assert repr(make_point(1, 2)) == 'Point(1, 2)'", "assert f'{make_point(3, 4)}' == '(3, 4)'"] },
      { id: "counter", code: "def count(s):\n    return dict.fromkeys(s, 1)\n", tests: ["import collections\nassert count('aab') == collections.Counter('aab')"] },
      { id: "ordered", code: "from collections import OrderedDict\ndef ordered():\n    return OrderedDict([('a', 2), ('b', 1)])\n", tests: ["assert ordered() == OrderedDict([('b', 1), ('a', 2)])", "assert list(ordered().items())[0] == ('b', 1)"] },
      { id: "callbacks", code: "def by_length(s):\n    return -len(s)\ndef add(a, b):\n    return a * b\n", tests: ["assert sorted(['ccc', 'a', 'bb'], key=by_length) == ['a', 'bb', 'ccc']", "assert min(['bb', 'a'], key=by_length) == 'a'", "from functools import reduce\nassert reduce(add, [2, 3, 4]) == 9"] },
      { id: "slices", code: "def middle():\n    return slice(0, 3)\ndef undecided(x):\n    return None\n", tests: ["assert [0, 1, 2, 3][middle()] == [1, 2]", "assert middle() == slice(1, 3)", "assert undecided(1) is NotImplemented"] },
    ];
    const results = await sandbox.run(wrong);
    for (const r of results) expect({ id: r.id, passed: r.outcomes.filter((o) => o === "pass") }).toEqual({ id: r.id, passed: [] });
  });
});
