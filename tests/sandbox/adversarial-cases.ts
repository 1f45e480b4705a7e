import type { ExecPair } from "@/lib/sandbox/types";

// The adversarial suite: code that tries to pass without the right answer, to escape or
// exhaust the sandbox, or to change what a later pair gets. Each case lists, per test, the
// outcomes it may end with; none of them is `pass` for a wrong answer. Where `pass` is
// expected, the function's answer is right (the check is that the sandbox held). Cases marked
// `after` run in order, on one lane, after the batch: each sequence is an attack followed by
// the pairs it tries to poison (docker/SANDBOX.md lists every case with its family).

export interface AdversarialCase {
  id: string;
  /** verdict: tries to pass without the answer; labels: tries to break the protocol; the rest
   * try to escape, exhaust, persist or reach another pair. */
  group: "verdict" | "labels" | "resources" | "isolation" | "state";
  /** The family of attacks it belongs to (docker/SANDBOX.md groups its table by it). */
  family?: string;
  /** What the case tries. */
  trick: string;
  code: string;
  tests: string[];
  /** Allowed outcomes for each test (one entry per test). */
  expected: string[][];
  timeoutMs?: number;
  /** Runs after the batch, in order, on a sandbox of one lane (ordering matters for it). */
  after?: boolean;
  /** The test cannot be split and runs in-process (the result must say so). */
  inProcess?: number[];
}

const py = (...lines: string[]) => lines.join("\n") + "\n";
const WRONG = ["FAIL"];
// For cases that test what happens, not when: room for a loaded machine before the deadline.
const LOADED_MS = 20_000;
const NOT_PLAIN = ["FAIL:NotPlainData"];
const BLOCKED = [["pass"]];
// The square of 2 is 4; every cheat below computes something else.
const SQUARE_TEST = ["assert square(2) == 4"];

export const ADVERSARIAL_CASES: AdversarialCase[] = [
  // ---- fake passes: the verdict is decided outside the candidate's process
  { group: "verdict", id: "eq-always-true", trick: "object whose __eq__ is always true", code: py("class Any:", "    def __eq__(self, other):", "        return True", "def square(x):", "    return Any()"), tests: SQUARE_TEST, expected: [NOT_PLAIN] },
  { group: "verdict", id: "int-subclass", trick: "int subclass with a lying __eq__", code: py("class I(int):", "    def __eq__(self, other):", "        return True", "    __hash__ = int.__hash__", "def square(x):", "    return I(5)"), tests: SQUARE_TEST, expected: [NOT_PLAIN] },
  { group: "verdict", id: "list-subclass", trick: "list subclass equal to everything", code: py("class L(list):", "    def __eq__(self, other):", "        return True", "def evens(n):", "    return L([1])"), tests: ["assert evens(5) == [0, 2, 4]"], expected: [NOT_PLAIN] },
  // A class with its own __bool__ (but object's ==) is unequal to False, as in Python; its truthiness is refused.
  { group: "verdict", id: "bool-dunder", trick: "truthy object for a truthiness assert", code: py("class T:", "    def __bool__(self):", "        return True", "def is_prime(n):", "    return T()"), tests: ["assert is_prime(9) == False", "assert is_prime(9) is False", "assert is_prime(7)"], expected: [WRONG, WRONG, NOT_PLAIN] },
  { group: "verdict", id: "str-subclass-eq", trick: "str subclass whose __eq__ says yes", code: py("class S(str):", "    def __eq__(self, other):", "        return True", "    __hash__ = str.__hash__", "def greet(n):", "    return S('no')"), tests: ["assert greet('x') == 'hello x'", "assert greet('x') in ['hello x']"], expected: [NOT_PLAIN, NOT_PLAIN] },
  { group: "verdict", id: "sys-exit-0", trick: "sys.exit(0) instead of answering", code: py("import sys", "def square(x):", "    sys.exit(0)"), tests: SQUARE_TEST, expected: [["FAIL:SystemExit"]] },
  { group: "verdict", id: "raise-systemexit", trick: "raise SystemExit(0)", code: py("def square(x):", "    raise SystemExit(0)"), tests: SQUARE_TEST, expected: [["FAIL:SystemExit"]] },
  { group: "verdict", id: "os-exit-0", trick: "os._exit(0) mid-suite", code: py("import os", "def square(x):", "    os._exit(0)"), tests: [...SQUARE_TEST, "assert square(3) == 9"], expected: [["FAIL:SystemExit"], ["FAIL:SystemExit"]] },
  { group: "verdict", id: "exit-at-import", trick: "sys.exit(0) while the module loads", code: py("import sys", "sys.exit(0)", "def square(x):", "    return x * x"), tests: SQUARE_TEST, expected: [["ERROR:SystemExit"]] },
  { group: "verdict", id: "atexit-exit-0", trick: "an atexit hook that exits 0", code: py("import atexit, os", "atexit.register(lambda: os._exit(0))", "def square(x):", "    return x + 1"), tests: SQUARE_TEST, expected: [WRONG] },
  { group: "verdict", id: "excepthook-exit-0", trick: "sys.excepthook that exits 0, then raise", code: py("import os, sys", "sys.excepthook = lambda *a: os._exit(0)", "def square(x):", "    raise ValueError('nope')"), tests: SQUARE_TEST, expected: [["FAIL:ValueError"]] },
  { group: "verdict", id: "reexec-optimised", trick: "re-run itself with -O to strip asserts", code: py("import os, sys", "def square(x):", "    os.execv(sys.executable, [sys.executable, '-O', '-c', 'pass'])"), tests: SQUARE_TEST, expected: [["FAIL:PermissionError"]] },
  { group: "verdict", id: "reexec-at-import", trick: "exec an optimised interpreter while loading", code: py("import os, sys", "os.execv(sys.executable, [sys.executable, '-O', '-c', 'print(1)'])", "def square(x):", "    return 0"), tests: SQUARE_TEST, expected: [["ERROR:PermissionError"]] },
  { group: "verdict", id: "subprocess-helper", trick: "spawn a helper process to answer", code: py("import subprocess, sys", "def square(x):", "    return int(subprocess.run([sys.executable, '-c', 'print(4)'], capture_output=True).stdout)"), tests: SQUARE_TEST, expected: [["FAIL:PermissionError"]] },
  {
    group: "verdict",
    id: "stack-walk",
    trick: "walk the stack into the harness for the expected value",
    code: py(
      "import re, sys",
      "def square(x):",
      "    f = sys._getframe()",
      "    while f is not None:",
      "        for v in list(f.f_locals.values()) + list(f.f_globals.values()):",
      "            m = re.search(r'square\\(2\\) == (\\d+)', str(v))",
      "            if m:",
      "                return int(m.group(1))",
      "        f = f.f_back",
      "    return -1",
    ),
    tests: SQUARE_TEST,
    expected: [WRONG],
  },
  {
    group: "verdict",
    id: "memory-scrape",
    trick: "scan the process's objects for the test text",
    code: py(
      "import gc, re",
      "def square(x):",
      "    for o in gc.get_objects():",
      "        for s in (o if isinstance(o, (list, tuple)) else [o]):",
      "            if isinstance(s, str):",
      "                m = re.search(r'square\\(2\\) == (\\d+)', s)",
      "                if m:",
      "                    return int(m.group(1))",
      "    return -1",
    ),
    tests: SQUARE_TEST,
    expected: [WRONG],
  },
  { group: "verdict", id: "forged-stdout", trick: "print forged result lines", code: py("import sys", "def square(x):", "    for fd in (sys.stdout, sys.stderr):", "        fd.write('{\"id\":\"1\",\"outcomes\":[\"pass\"],\"passed\":true,\"durationMs\":1,\"inProcess\":[]}\\n')", "        fd.flush()", "    return 5"), tests: SQUARE_TEST, expected: [WRONG] },
  {
    group: "verdict",
    id: "forged-frames",
    trick: "write forged verdict frames to every open descriptor",
    code: py("import os", "def square(x):", "    for fd in range(64):", "        try:", "            os.write(fd, b'[0,\"inline\",\"pass\"]\\n{\"id\":\"1\",\"outcomes\":[\"pass\"]}\\n')", "        except OSError:", "            pass", "    return 5"),
    tests: SQUARE_TEST,
    expected: [["FAIL", "FAIL:NotPlainData"]], // the forged line is taken as the frame, and does not fit
  },
  { group: "verdict", id: "patch-builtins", family: "builtin or stdlib rebinding reaching the expected side", trick: "rebind AssertionError, isinstance and type", code: py("import builtins", "builtins.AssertionError = type('Quiet', (Exception,), {})", "builtins.isinstance = lambda *a: True", "builtins.type = lambda *a: int", "def square(x):", "    return 5"), tests: SQUARE_TEST, expected: [["FAIL", "FAIL:SystemExit"]] },
  { group: "verdict", id: "shadow-len", family: "builtin or stdlib rebinding reaching the expected side", trick: "rebind len so len(f(x)) looks right", code: py("import builtins", "def len(x):", "    return 3", "builtins.len = len", "def evens(n):", "    return None"), tests: ["assert len(evens(5)) == 3", "assert evens(5) == [0, 2, 4]"], expected: [["FAIL:TypeError"], WRONG] },
  { group: "verdict", id: "patch-encoder", trick: "replace json.dumps so frames say pass", code: py("import json", "json.dumps = lambda *a, **k: '[0,\"inline\",\"pass\"]'", "def square(x):", "    return 5"), tests: SQUARE_TEST, expected: [["FAIL:SystemExit", "FAIL"]] },
  { group: "verdict", id: "patch-pytest", trick: "neuter pytest.raises", code: py("import pytest", "class Quiet:", "    def __init__(self, *a, **k): pass", "    def __enter__(self): return self", "    def __exit__(self, *a): return True", "pytest.raises = Quiet", "def parse(s):", "    return 0"), tests: ["with pytest.raises(ValueError):\n    parse('x')"], expected: [WRONG] },
  { group: "verdict", id: "fake-exception-class", family: "pytest.raises trusting what a class claims", trick: "raise a home-made class named ValueError", code: py("class ValueError(Exception):", "    pass", "def parse(s):", "    raise ValueError(s)"), tests: ["with pytest.raises(ValueError):\n    parse('x')"], expected: [["FAIL:ValueError"]] },
  { group: "verdict", id: "in-process-exit", trick: "sys.exit in a test that cannot be split (runs in-process)", code: py("import sys", "def sort_in_place(xs):", "    sys.exit(0)"), tests: ["for n in (3,):\n    xs = [n, 1, 2]\n    sort_in_place(xs)\n    assert xs == [1, 2, 3]"], expected: [["FAIL:SystemExit"]], inProcess: [0] },
  { group: "verdict", id: "variables-exit", trick: "sys.exit in a test whose candidate call uses the test's variable", code: py("import sys", "def sort_in_place(xs):", "    sys.exit(0)"), tests: ["xs = [3, 1, 2]\nsort_in_place(xs)\nassert xs == [1, 2, 3]"], expected: [["FAIL:SystemExit"]] },
  { group: "verdict", id: "variables-forge", trick: "sort the test's list wrongly, then claim to have exited cleanly", code: py("import os", "def sort_in_place(xs):", "    xs[:] = [9]", "    os._exit(0)"), tests: ["xs = [3, 1, 2]\nsort_in_place(xs)\nassert xs == [1, 2, 3]"], expected: [["FAIL:SystemExit"]] },
  // ---- builtins and stdlib names the tests use are never the candidate's (the expected side stays trusted)
  { group: "verdict", id: "rebind-set", family: "builtin or stdlib rebinding reaching the expected side", trick: "set = lambda *a: 0, so set(f(x)) == set((4, 5)) compares 0 with 0", code: py("set = lambda *a: 0", "def pair(x):", "    return [1]"), tests: ["assert set(pair(1)) == set((4, 5))", "assert set(pair(2)) == {4, 5}"], expected: [WRONG, WRONG] },
  { group: "verdict", id: "rebind-sorted", family: "builtin or stdlib rebinding reaching the expected side", trick: "a sorted that always returns the expected list", code: py("sorted = lambda *a, **k: [1, 2, 3]", "def order(xs):", "    return xs"), tests: ["assert sorted(order([3, 2])) == sorted([3, 1, 2])"], expected: [WRONG] },
  { group: "verdict", id: "rebind-abs", family: "builtin or stdlib rebinding reaching the expected side", trick: "abs = lambda x: 0 for a tolerance test", code: py("abs = lambda x: 0", "def half():", "    return 0.7"), tests: ["assert abs(half() - 0.5) < 1e-9"], expected: [WRONG] },
  { group: "verdict", id: "patch-builtins-set", family: "builtin or stdlib rebinding reaching the expected side", trick: "patch builtins.set itself", code: py("import builtins", "builtins.set = lambda *a: 0", "def pair(x):", "    return [1]"), tests: ["assert set(pair(1)) == set((4, 5))"], expected: [WRONG] },
  { group: "verdict", id: "rebind-imported", family: "builtin or stdlib rebinding reaching the expected side", trick: "import Counter, then rebind it so the expected Counter(...) is 0", code: py("from collections import Counter", "Counter = lambda *a, **k: 0", "def count(s):", "    return 0"), tests: ["assert count('aab') == Counter('aab')"], expected: [WRONG] },
  { group: "verdict", id: "patch-stdlib", family: "builtin or stdlib rebinding reaching the expected side", trick: "make math.isclose say yes", code: py("import math", "math.isclose = lambda *a, **k: True", "def third():", "    return 0.5"), tests: ["assert math.isclose(third(), 1 / 3)"], expected: [WRONG] },
  { group: "verdict", id: "dynamic-module", family: "builtin or stdlib rebinding reaching the expected side", trick: "bind a fake math without importing it", code: py("class M:", "    @staticmethod", "    def isclose(*a, **k):", "        return True", "globals()['math'] = M()", "def third():", "    return 0.5"), tests: ["assert math.isclose(third(), 1 / 3)"], expected: [["FAIL:NameError"]] },
  { group: "verdict", id: "builtin-named-wrong", family: "builtin or stdlib rebinding reaching the expected side", trick: "the function under test is named pow and is wrong; it also rebinds sorted", code: py("def pow(a, b):", "    return a * b", "sorted = lambda *a, **k: [9]"), tests: ["assert pow(2, 3) == 8", "assert pow(2, 2) == sorted([4])[0]"], expected: [WRONG, ["pass"]] },
  // ---- pytest.raises: one builtin class, by the real hierarchy; never the names a class claims
  { group: "verdict", id: "forged-qualname", family: "pytest.raises trusting what a class claims", trick: "a class claiming builtins.ValueError by __module__ and __qualname__", code: py("class E(Exception):", "    pass", "E.__module__ = 'builtins'", "E.__qualname__ = 'ValueError'", "E.__name__ = 'ValueError'", "def parse(s):", "    raise E(s)"), tests: ["with pytest.raises(ValueError):\n    parse('x')"], expected: [["FAIL:ValueError"]] },
  {
    group: "verdict",
    id: "claims-every-builtin", family: "pytest.raises trusting what a class claims",
    trick: "one class whose MRO lists every builtin exception",
    // (the builtin exceptions whose instances have BaseException's layout: the MRO may list them all)
    code: py("ALL = [ValueError, KeyError, IndexError, LookupError, TypeError, ZeroDivisionError, ArithmeticError, RuntimeError, AssertionError]", "class Meta(type):", "    def mro(cls):", "        return [cls, Exception, *ALL, BaseException, object]", "class Every(Exception, metaclass=Meta):", "    pass", "assert issubclass(Every, KeyError) and issubclass(Every, ZeroDivisionError)", "def parse(s):", "    raise Every(s)"),
    tests: ["with pytest.raises(KeyError):\n    parse('x')", "with pytest.raises(ZeroDivisionError):\n    parse('x')", "with pytest.raises(TypeError):\n    parse('x')"],
    expected: [["FAIL:Every"], ["FAIL:Every"], ["FAIL:Every"]],
  },
  {
    group: "verdict",
    id: "forged-exception-frame", family: "pytest.raises trusting what a class claims",
    trick: "write a frame saying the call raised KeyError",
    code: py("import os", "def parse(s):", "    os.write(4, b'[0,\"steps\",[[\"raise\",\"KeyError\",\"KeyError\",\"\"]]]\\n')", "    return 0"),
    tests: ["with pytest.raises(ValueError):\n    parse('x')"],
    expected: [["FAIL:KeyError", "FAIL"]],
  },
  // ---- identity holds across holes, so a shared object is not a fresh one
  { group: "verdict", id: "shared-not-fresh", family: "identity across holes", trick: "return one shared list where a fresh one is expected", code: py("_SHARED = []", "def fresh():", "    return _SHARED"), tests: ["assert fresh() is not fresh()", "a = fresh()\nb = fresh()\na.append(1)\nassert b == []"], expected: [WRONG, WRONG] },
  // ---- labels: whatever a pair raises or writes, its outcome fits the grammar both sides share
  { group: "labels", id: "unicode-exception-name", family: "labels outside the shared grammar", trick: "raise a ValueError subclass named Ошибка", code: py("class Ошибка(ValueError):", "    pass", "def parse(s):", "    raise Ошибка(s)"), tests: ["parse('x')", "with pytest.raises(ValueError):\n    parse('x')", "assert parse('x') == 1"], expected: [["FAIL:ValueError"], ["pass"], ["FAIL:ValueError"]] },
  { group: "labels", id: "odd-exception-names", family: "labels outside the shared grammar", trick: "exception classes named with dots, spaces, 300 characters, or an empty name", code: py("E1 = type('a.b c', (KeyError,), {})", "E2 = type('E' * 300, (OSError,), {})", "E3 = type('', (TypeError,), {})", "def f(k):", "    raise (E1, E2, E3)[k]('x')"), tests: ["f(0)", "f(1)", "f(2)"], expected: [["FAIL:KeyError"], ["FAIL:OSError"], ["FAIL:TypeError"]] },
  {
    group: "labels",
    id: "forged-inline-label", family: "labels outside the shared grammar",
    trick: "in a test run the old way, write a frame whose outcome is outside the grammar",
    code: py("import os", "def check(x):", "    os.write(4, '[0,\"inline\",\"FAIL:Ошибка\"]\\n'.encode())", "    return x"),
    tests: ["for x in (1,):\n    assert check(x) == 2"],
    expected: [["FAIL:Exception", "FAIL"]],
    inProcess: [0],
  },
  // ---- resources: forks, memory, time, output
  { group: "resources", id: "fork-bomb", trick: "fork without end", code: py("import os", "def square(x):", "    while True:", "        try:", "            os.fork()", "        except OSError:", "            pass"), tests: SQUARE_TEST, expected: [["TIMEOUT"]], timeoutMs: 1500 },
  { group: "resources", id: "memory-bomb", trick: "allocate until something gives", code: py("def square(x):", "    hog = []", "    while True:", "        hog.append(bytearray(16 * 1024 * 1024))"), tests: SQUARE_TEST, expected: [["FAIL:MemoryError", "FAIL:Crash"]], timeoutMs: LOADED_MS },
  { group: "resources", id: "huge-allocation", trick: "one 8 GiB allocation", code: py("def square(x):", "    return len(bytearray(8 * 1024 ** 3))"), tests: SQUARE_TEST, expected: [["FAIL:MemoryError"]], timeoutMs: LOADED_MS },
  { group: "resources", id: "loop-ignoring-signals", trick: "infinite loop with SIGTERM, SIGINT, SIGHUP ignored", code: py("import signal", "for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):", "    signal.signal(s, signal.SIG_IGN)", "def square(x):", "    while True:", "        pass"), tests: [...SQUARE_TEST, "assert square(3) == 9"], expected: [["TIMEOUT"], ["TIMEOUT"]], timeoutMs: 1500 },
  { group: "resources", id: "sleep-past-timeout", trick: "the right answer, too late", code: py("import time", "def square(x):", "    time.sleep(30)", "    return x * x"), tests: SQUARE_TEST, expected: [["TIMEOUT"]], timeoutMs: 1500 },
  { group: "resources", id: "stop-self", trick: "SIGSTOP itself", code: py("import os, signal", "def square(x):", "    os.kill(os.getpid(), signal.SIGSTOP)", "    return x * x"), tests: SQUARE_TEST, expected: [["TIMEOUT"]], timeoutMs: 1500 },
  { group: "resources", id: "stdout-flood", trick: "write to stdout without end", code: py("import sys", "def square(x):", "    while True:", "        sys.stdout.write('x' * 65536)"), tests: SQUARE_TEST, expected: [["FAIL:OutputLimit"]], timeoutMs: LOADED_MS },
  { group: "resources", id: "stderr-flood", trick: "one 64 MiB write to stderr", code: py("import os", "def square(x):", "    os.write(2, b'e' * (64 * 1024 * 1024))", "    return 4"), tests: SQUARE_TEST, expected: [["FAIL:OutputLimit"]], timeoutMs: LOADED_MS },
  { group: "resources", id: "invalid-utf8-output", trick: "invalid UTF-8 and NULs on stdout, then a wrong answer", code: py("import os", "def square(x):", "    os.write(1, b'\\xff\\xfe\\x00\\xc3(\\n' * 1000)", "    return 5"), tests: SQUARE_TEST, expected: [WRONG] },
  { group: "resources", id: "invalid-unicode-value", trick: "return a string with a lone surrogate", code: py("def greet():", "    return 'ok\\udcff'"), tests: ["assert greet() == 'ok'"], expected: [WRONG] },
  { group: "resources", id: "huge-value", trick: "return three million integers", code: py("def square(x):", "    return list(range(3_000_000))"), tests: SQUARE_TEST, expected: [NOT_PLAIN], timeoutMs: LOADED_MS },
  { group: "resources", id: "deep-value", trick: "return a list nested 10,000 deep", code: py("def square(x):", "    v = []", "    for _ in range(10_000):", "        v = [v]", "    return v"), tests: SQUARE_TEST, expected: [NOT_PLAIN], timeoutMs: LOADED_MS },
  { group: "resources", id: "cyclic-value", trick: "return a list that contains itself", code: py("def square(x):", "    v = [4]", "    v.append(v)", "    return v"), tests: SQUARE_TEST, expected: [NOT_PLAIN] },
  { group: "resources", id: "deep-recursion", trick: "unbounded recursion", code: py("def square(x):", "    return square(x + 1)"), tests: SQUARE_TEST, expected: [["FAIL:RecursionError"]] },
  { group: "resources", id: "segfault", trick: "dereference NULL", code: py("import ctypes", "def square(x):", "    return ctypes.string_at(0)"), tests: SQUARE_TEST, expected: [["FAIL:Crash"]] },
  { group: "resources", id: "abort", trick: "os.abort()", code: py("import os", "def square(x):", "    os.abort()"), tests: SQUARE_TEST, expected: [["FAIL:Crash"]] },
  // ---- escape and snooping: `pass` means the sandbox held
  {
    group: "isolation",
    id: "read-host-files",
    trick: "read host files and secrets",
    code: py(
      "def probe():",
      "    seen = []",
      "    for path in ('/work/main/README.md', '/etc/shadow', '/root/.bash_history', '/home', '/var/run/docker.sock', '/proc/1/environ'):",
      "        try:",
      "            with open(path, 'rb') as f:",
      "                f.read(1)",
      "            seen.append(path)",
      "        except OSError:",
      "            pass",
      "    return seen",
    ),
    tests: ["assert probe() == []"],
    expected: BLOCKED,
  },
  { group: "isolation", id: "environment", trick: "read the environment for secrets", code: py("import os", "def probe():", "    return sorted(k for k in os.environ if k not in ('LANG', 'PATH', 'HOSTNAME', 'HOME', 'PWD'))"), tests: ["assert probe() == []"], expected: BLOCKED },
  {
    group: "isolation",
    id: "write-outside-tmp",
    trick: "write to the root, the runner, /usr",
    code: py("def probe():", "    written = []", "    for path in ('/pwned', '/opt/execboard/runner.py', '/usr/lib/pwned', '/etc/pwned'):", "        try:", "            open(path, 'w').write('x')", "            written.append(path)", "        except OSError:", "            pass", "    return written"),
    tests: ["assert probe() == []"],
    expected: BLOCKED,
  },
  {
    group: "isolation",
    id: "exec-from-tmp",
    trick: "drop a program in /tmp and run it",
    code: py("import os", "def probe():", "    with open('/tmp/run.sh', 'w') as f:", "        f.write('#!/bin/sh\\necho hi\\n')", "    os.chmod('/tmp/run.sh', 0o755)", "    try:", "        os.execv('/tmp/run.sh', ['run.sh'])", "    except OSError as e:", "        return 'blocked'"),
    tests: ["assert probe() == 'blocked'"],
    expected: BLOCKED,
  },
  {
    group: "isolation",
    id: "network",
    trick: "reach the internet, the host's services and DNS",
    code: py(
      "import socket",
      "def probe():",
      "    reached = []",
      "    for host, port in (('1.1.1.1', 53), ('8.8.8.8', 443), ('127.0.0.1', 5432), ('127.0.0.1', 6379), ('172.17.0.1', 80)):",
      "        try:",
      "            socket.create_connection((host, port), timeout=1).close()",
      "            reached.append(port)",
      "        except OSError:",
      "            pass",
      "    try:",
      "        socket.getaddrinfo('deb.debian.org', 80)",
      "        reached.append('dns')",
      "    except OSError:",
      "        pass",
      "    return reached",
    ),
    tests: ["assert probe() == []"],
    expected: BLOCKED,
  },
  {
    group: "isolation",
    id: "snoop-runner",
    trick: "read the runner's and fork server's memory and descriptors",
    code: py("import os", "def probe():", "    opened = []", "    for pid in (1, os.getppid()):", "        for name in ('mem', 'environ', 'fd/0', 'fd/1', 'maps'):", "            try:", "                with open('/proc/%d/%s' % (pid, name), 'rb') as f:", "                    f.read(1)", "                opened.append(name)", "            except OSError:", "                pass", "    return opened"),
    tests: ["assert probe() == []"],
    expected: BLOCKED,
  },
  { group: "isolation", id: "ptrace-parent", trick: "ptrace-attach to the fork server", code: py("import ctypes, os", "def probe():", "    libc = ctypes.CDLL(None, use_errno=True)", "    return libc.ptrace(16, os.getppid(), 0, 0)"), tests: ["assert probe() == -1"], expected: BLOCKED },
  { group: "isolation", id: "new-namespaces", trick: "unshare a user namespace, setuid(0)", code: py("import ctypes, os", "def probe():", "    libc = ctypes.CDLL(None, use_errno=True)", "    got = [libc.unshare(0x10000000)]", "    try:", "        os.setuid(0)", "        got.append('root')", "    except OSError:", "        got.append('denied')", "    return got"), tests: ["assert probe() == [-1, 'denied']"], expected: BLOCKED },
  { group: "isolation", id: "kill-parents", trick: "SIGKILL the fork server and PID 1, then answer wrongly", code: py("import os, signal", "def square(x):", "    for pid in (1, os.getppid()):", "        try:", "            os.kill(pid, signal.SIGKILL)", "        except OSError:", "            pass", "    return 5"), tests: SQUARE_TEST, expected: [["FAIL", "FAIL:Crash"]] },
  { group: "isolation", id: "escaped-daemon", trick: "a setsid'd grandchild that outlives the pair", code: py("import os, time", "def square(x):", "    if os.fork() == 0:", "        os.setsid()", "        if os.fork() == 0:", "            time.sleep(3600)", "        os._exit(0)", "    return 5"), tests: SQUARE_TEST, expected: [WRONG] },
  // ---- state left for the next pair (each runs after the batch, in order)
  { group: "state", id: "leave-tmp-file", trick: "write the answer to /tmp for the next pair", code: py("def square(x):", "    open('/tmp/memo', 'w').write('4')", "    return x * x"), tests: SQUARE_TEST, expected: [["pass"]], after: true },
  { group: "state", id: "read-tmp-file", trick: "answer from /tmp, left by the previous pair", code: py("def square(x):", "    try:", "        return int(open('/tmp/memo').read())", "    except OSError:", "        return -1"), tests: SQUARE_TEST, expected: [WRONG], after: true },
  {
    group: "state",
    id: "leave-shm",
    trick: "leave the answer in System V shared memory",
    code: py("import ctypes", "def square(x):", "    libc = ctypes.CDLL(None)", "    libc.shmat.restype = ctypes.c_void_p", "    sid = libc.shmget(0x5eb, 4096, 0o1666)", "    ctypes.memmove(libc.shmat(sid, None, 0), b'4', 1)", "    return x * x"),
    tests: SQUARE_TEST,
    expected: [["pass"]],
    after: true,
  },
  {
    group: "state",
    id: "read-shm",
    trick: "answer from System V shared memory, left by the previous pair",
    code: py("import ctypes", "def square(x):", "    libc = ctypes.CDLL(None)", "    libc.shmat.restype = ctypes.c_void_p", "    sid = libc.shmget(0x5eb, 4096, 0o666)", "    if sid < 0:", "        return -1", "    return int(ctypes.string_at(libc.shmat(sid, None, 0), 1))"),
    tests: SQUARE_TEST,
    expected: [WRONG],
    after: true,
  },
  { group: "state", id: "leave-daemon", trick: "a background process that writes the answer later", code: py("import os, time", "def square(x):", "    if os.fork() == 0:", "        os.setsid()", "        time.sleep(0.5)", "        open('/tmp/late', 'w').write('4')", "        os._exit(0)", "    return x * x"), tests: SQUARE_TEST, expected: [["pass"]], after: true },
  { group: "state", id: "read-daemon", trick: "answer from the late writer", code: py("import time", "def square(x):", "    time.sleep(0.8)", "    try:", "        return int(open('/tmp/late').read())", "    except OSError:", "        return -1"), tests: SQUARE_TEST, expected: [WRONG], after: true },
  {
    group: "state",
    id: "leave-mqueue", family: "POSIX message queues between pairs",
    trick: "leave the answer in a POSIX message queue",
    code: py("import ctypes, os", "def square(x):", "    libc = ctypes.CDLL(None, use_errno=True)", "    q = libc.mq_open(b'/eb-answer', os.O_CREAT | os.O_RDWR, 0o666, None)", "    libc.mq_send(q, b'4', 1, 0)", "    return x * x"),
    tests: SQUARE_TEST,
    expected: [["pass"]],
    after: true,
  },
  {
    group: "state",
    id: "read-mqueue", family: "POSIX message queues between pairs",
    trick: "answer from the message queue the previous pair left",
    code: py("import ctypes, os", "def square(x):", "    libc = ctypes.CDLL(None, use_errno=True)", "    q = libc.mq_open(b'/eb-answer', os.O_RDONLY | os.O_NONBLOCK)", "    if q < 0:", "        return -1", "    buf = ctypes.create_string_buffer(8192)", "    n = libc.mq_receive(q, buf, 8192, None)", "    return int(buf.value) if n > 0 else -1"),
    tests: SQUARE_TEST,
    expected: [WRONG],
    after: true,
  },
  // ---- one pair may not change another pair's outcome
  {
    group: "state",
    id: "prlimit-parents", family: "prlimit and scheduling calls on trusted processes",
    trick: "lower the runner's, the fork server's and the judge's limits (prlimit, raw syscall too)",
    code: py(
      "import ctypes, os, platform, resource",
      "def square(x):",
      "    libc = ctypes.CDLL(None, use_errno=True)",
      "    nr = {'x86_64': 302, 'aarch64': 261}.get(platform.machine())",
      "    tiny = (ctypes.c_ulong * 2)(1, 1)",
      "    for pid in [1, os.getppid()] + [p for p in range(2, 40) if p != os.getpid()]:",
      "        for res in (resource.RLIMIT_NOFILE, resource.RLIMIT_AS, resource.RLIMIT_NPROC):",
      "            try:",
      "                resource.prlimit(pid, res, (1, 1))",
      "            except (OSError, ValueError):",
      "                pass",
      "            if nr:",
      "                libc.syscall(nr, (1 << 32) | pid, res, tiny, None)",
      "    return x * x",
    ),
    tests: SQUARE_TEST,
    expected: [["pass"]],
    after: true,
  },
  {
    group: "state",
    id: "after-prlimit", family: "prlimit and scheduling calls on trusted processes",
    trick: "(a correct pair after it: files, memory and a large value still work)",
    code: py("import os", "def square(x):", "    fds = [os.open('/dev/null', os.O_RDONLY) for _ in range(40)]", "    block = bytearray(64 * 1024 * 1024)", "    return x * x + len(fds) * 0 + len(block) * 0", "def table():", "    return {i: [str(i)] * 3 for i in range(20000)}"),
    tests: [...SQUARE_TEST, "assert len(table()) == 20000", "assert table()[7] == ['7', '7', '7']"],
    expected: [["pass"], ["pass"], ["pass"]],
    after: true,
  },
  {
    group: "state",
    id: "sched-parents", family: "prlimit and scheduling calls on trusted processes",
    trick: "change the trusted processes' CPU affinity, priority and scheduling policy",
    code: py(
      "import os",
      "def probe():",
      "    refused = 0",
      "    pids = {1, os.getppid()} | {p for p in range(2, 40) if p != os.getpid()}",
      "    for pid in pids:",
      "        for attempt in (lambda: os.sched_setaffinity(pid, {0}), lambda: os.setpriority(os.PRIO_PROCESS, pid, 19),",
      "                        lambda: os.sched_setscheduler(pid, os.SCHED_IDLE, os.sched_param(0))):",
      "            try:",
      "                attempt()",
      "            except OSError:",
      "                refused += 1",
      "    for attempt in (lambda: os.setpriority(os.PRIO_PGRP, 0, 19), lambda: os.setpriority(os.PRIO_USER, 0, 19)):",
      "        try:",
      "            attempt()",
      "        except OSError:",
      "            refused += 1",
      "    return refused == 3 * len(pids) + 2",
    ),
    tests: ["assert probe()"],
    expected: [["pass"]],
    after: true,
  },
  { group: "state", id: "after-sched", family: "prlimit and scheduling calls on trusted processes", trick: "(a correct pair after it)", code: py("def square(x):", "    return x * x"), tests: SQUARE_TEST, expected: [["pass"]], after: true },
  {
    group: "state",
    id: "clone-parent", family: "clone(CLONE_PARENT) siblings outliving the pair",
    trick: "clone(CLONE_PARENT) + setsid: a sibling of the child that the old sweep spared, writing the answer later",
    code: py(
      "import ctypes, os, platform, time",
      "def square(x):",
      "    libc = ctypes.CDLL(None, use_errno=True)",
      "    nr = {'x86_64': 56, 'aarch64': 220}[platform.machine()]",
      "    pid = libc.syscall(nr, 0x8000 | 17, 0, 0, 0, 0)",
      "    if pid == 0:",
      "        os.setsid()",
      "        time.sleep(0.5)",
      "        open('/tmp/sibling', 'w').write('4')",
      "        os._exit(0)",
      "    return x * x",
    ),
    tests: SQUARE_TEST,
    expected: [["pass"]],
    after: true,
  },
  { group: "state", id: "read-clone-parent", family: "clone(CLONE_PARENT) siblings outliving the pair", trick: "answer from the sibling", code: py("import time", "def square(x):", "    time.sleep(0.8)", "    try:", "        return int(open('/tmp/sibling').read())", "    except OSError:", "        return -1"), tests: SQUARE_TEST, expected: [WRONG], after: true },
  // ---- a pair's decoding is inside its own deadline, and no result waits behind another pair
  { group: "state", id: "before-slow-decode", family: "results held, decodes without a deadline", trick: "(a correct pair first: its result must not wait for the next)", code: py("def square(x):", "    return x * x"), tests: SQUARE_TEST, expected: [["pass"]], after: true },
  {
    group: "state",
    id: "huge-fraction", family: "results held, decodes without a deadline",
    trick: "a frame holding a Fraction of two 1.2-million-bit integers (normalising it takes minutes)",
    code: py("import os, random", "from fractions import Fraction", "def third():", "    r = random.Random(1)", "    n, d = r.getrandbits(1_200_000) | 1, r.getrandbits(1_200_000) | 1", "    os.write(4, b'[0,\"steps\",[[\"Q\",\"%s\",\"%s\"]]]\\n' % (hex(n).encode(), hex(d).encode()))", "    return 0"),
    // One hole (Fraction is the candidate's import), so the forged frame fits and is decoded.
    tests: ["assert third() == Fraction(1, 3)"],
    expected: [["TIMEOUT", "FAIL"]],
    timeoutMs: 1500,
    after: true,
  },
  {
    group: "state",
    id: "colliding-set", family: "results held, decodes without a deadline",
    trick: "a frame holding a set of 60,000 integers with one hash (building it takes seconds)",
    code: py("import os", "def evens():", "    items = b','.join(b'[\"i\",\"%s\"]' % hex(k * (2 ** 61 - 1)).encode() for k in range(1, 60001))", "    os.write(4, b'[0,\"steps\",[[\"S\",[' + items + b']]]]\\n')", "    return set()"),
    tests: ["assert evens() == {0, 2}"],
    expected: [["TIMEOUT", "FAIL"]],
    timeoutMs: 1500,
    after: true,
  },
  { group: "state", id: "after-slow-decode", family: "results held, decodes without a deadline", trick: "(a correct pair after them)", code: py("def square(x):", "    return x * x"), tests: SQUARE_TEST, expected: [["pass"]], after: true },
  // ---- values that name trusted objects (runner 5: builtin functions and modules cross by name)
  {
    group: "verdict",
    id: "forged-builtin-eval", family: "values that name trusted objects",
    trick: "a frame saying the value is the builtin eval, for a test that calls it on the trusted side",
    code: py("import os", "def pick():", "    os.write(4, b'[0,\"steps\",[[\"B\",\"eval\"]]]\\n')", "    return len"),
    tests: ["import operator\nassert operator.call(pick(), '6 * 7') == 42"],
    expected: [["FAIL:NotPlainData"]],
  },
  {
    group: "verdict",
    id: "forged-module", family: "values that name trusted objects",
    trick: "a frame (and a real return) naming the modules os and builtins, for tests that read them on the trusted side",
    code: py("import os, builtins", "def pick(k):", "    if k == 0:", "        os.write(4, b'[0,\"steps\",[[\"M\",\"os\"]]]\\n')", "    return (os, builtins)[k]"),
    tests: ["import operator\nassert operator.attrgetter('sep')(pick(0)) == '/'", "import operator\nassert operator.call(operator.attrgetter('eval')(pick(1)), '6 * 7') == 42"],
    expected: [["FAIL:NotPlainData"], ["FAIL:NotPlainData"]],
  },
];

export function adversarialPair(c: AdversarialCase): ExecPair {
  return { id: c.id, code: c.code, tests: c.tests, timeoutMs: c.timeoutMs ?? 5000 };
}
