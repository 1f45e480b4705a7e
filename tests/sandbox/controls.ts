import type { ExecPair } from "@/lib/sandbox/types";

// Controls: correct code of every kind that Python (and the paper's runner) passes. Each must
// pass, judged outside the candidate's process wherever the test allows it: `inProcess` lists
// the tests that cannot be judged on builtin values (their expected side is candidate code,
// such as `make_point() == Point(1, 2)`) and run the old way instead of failing.

export interface Control {
  id: string;
  /** The kind of correct code (SANDBOX.md's table of controls). */
  kind: string;
  code: string;
  tests: string[];
  inProcess?: number[];
}

const py = (...lines: string[]) => lines.join("\n") + "\n";

export const CONTROLS: Control[] = [
  {
    id: "generator",
    kind: "generators consumed by the test's builtins",
    code: py("def evens(n):", "    for i in range(n):", "        if i % 2 == 0:", "            yield i"),
    tests: [
      "assert list(evens(5)) == [0, 2, 4]",
      "assert set(evens(5)) == {0, 2, 4}",
      "assert tuple(evens(3)) == (0, 2)",
      "assert sum(evens(5)) == 6",
      "assert next(evens(5)) == 0",
      "assert sorted(evens(5), reverse=True) == [4, 2, 0]",
      "assert max(evens(7)) == 6 and min(evens(7)) == 0",
      "assert len(list(evens(9))) == 5",
      "assert [x * 10 for x in evens(3)] == [0, 20]",
      "assert list(map(str, evens(3))) == ['0', '2']",
      "assert any(evens(3)) and not all(evens(3))",
      "assert evens(3) is not None",
      "gen = evens(5)\nassert next(gen) == 0\nassert next(gen) == 2\nassert list(gen) == [4]",
    ],
  },
  {
    id: "dict-views",
    kind: "dict views",
    code: py("def keys(d):", "    return d.keys()", "def values(d):", "    return d.values()", "def items(d):", "    return d.items()"),
    tests: [
      "assert list(keys({'a': 1, 'b': 2})) == ['a', 'b']",
      "assert set(keys({'a': 1})) == {'a'}",
      "assert keys({'a': 1, 'b': 2}) == {'b', 'a'}",
      "assert 'a' in keys({'a': 1})",
      "assert sorted(values({'a': 2, 'b': 1})) == [1, 2]",
      "assert list(values({'a': 1})) == [1]",
      "assert items({'a': 1}) == {('a', 1)}",
      "assert dict(items({'a': 1})) == {'a': 1}",
      "assert len(keys({'x': 0, 'y': 0})) == 2",
    ],
  },
  {
    id: "defaultdict",
    kind: "defaultdict",
    code: py("from collections import defaultdict", "def group(words):", "    out = defaultdict(list)", "    for w in words:", "        out[w[0]].append(w)", "    return out", "def tally(xs):", "    out = defaultdict(int)", "    for x in xs:", "        out[x] += 1", "    return out"),
    tests: [
      "assert group(['ab', 'ac', 'b']) == {'a': ['ab', 'ac'], 'b': ['b']}",
      "assert group([])['z'] == []",
      "assert tally('aab') == {'a': 2, 'b': 1}",
      "assert tally('a')['q'] == 0",
      "assert sorted(group(['x']).items()) == [('x', ['x'])]",
      "assert isinstance(tally('a'), dict)",
      "d = tally('aa')\nassert d['a'] == 2\nassert d['b'] == 0\nassert len(d) == 2",
    ],
  },
  {
    id: "counter",
    kind: "Counter",
    code: py("from collections import Counter", "def count(s):", "    return Counter(s)"),
    tests: [
      "assert count('aab') == Counter({'a': 2, 'b': 1})",
      "assert count('aab') == {'a': 2, 'b': 1}",
      "assert count('aab').most_common(1) == [('a', 2)]",
      "assert count('aab')['z'] == 0",
      "assert count('ab') + count('a') == Counter('aab')",
      "assert sorted(count('aab').elements()) == ['a', 'a', 'b']",
      "assert Counter(count('aab').elements()) == {'a': 2, 'b': 1}",
    ],
  },
  {
    id: "namedtuple",
    kind: "namedtuples",
    code: py("from collections import namedtuple", "from typing import NamedTuple", "Point = namedtuple('Point', 'x y')", "class Pair(NamedTuple):", "    left: int", "    right: int = 0", "    def total(self):", "        return self.left + self.right", "def origin():", "    return Point(0, 0)", "def pair(a, b):", "    return Pair(a, b)"),
    tests: [
      "assert origin() == (0, 0)",
      "assert origin().x == 0 and origin().y == 0",
      "assert repr(origin()) == 'Point(x=0, y=0)'",
      "assert origin() == Point(0, 0)",
      "assert pair(1, 2) == (1, 2)",
      "assert pair(1, 2).total() == 3",
      "assert pair(1, 2)._asdict() == {'left': 1, 'right': 2}",
      "assert list(pair(3, 4)) == [3, 4]",
      "x, y = origin()\nassert (x, y) == (0, 0)",
    ],
    inProcess: [3],
  },
  {
    id: "bool-int",
    kind: "numbers: 1 == True, 2 == 2.0, 0 == False",
    code: py("def is_odd(n):", "    return n % 2", "def count_ones(xs):", "    return True", "def half(n):", "    return n / 2"),
    tests: [
      "assert is_odd(3) == True",
      "assert is_odd(4) == False",
      "assert count_ones([1, 2]) == 1",
      "assert half(4) == 2",
      "assert half(1) == 0.5",
      "assert is_odd(5) in (True, None)",
      "assert [is_odd(1), is_odd(2)] == [True, False]",
      "assert {is_odd(1): 'odd'} == {True: 'odd'}",
      "assert is_odd(7)",
      "assert not is_odd(8)",
    ],
  },
  {
    id: "methods",
    kind: "methods called on returned objects",
    code: py(
      "class Stack:",
      "    def __init__(self):",
      "        self.items = []",
      "    def push(self, x):",
      "        self.items.append(x)",
      "    def pop(self):",
      "        return self.items.pop()",
      "    def size(self):",
      "        return len(self.items)",
      "    def is_empty(self):",
      "        return not self.items",
      "def make_stack():",
      "    return Stack()",
    ),
    tests: [
      "s = Stack(); s.push(1); assert s.pop() == 1",
      "assert make_stack().size() == 0",
      "s = make_stack()\ns.push('a')\ns.push('b')\nassert s.size() == 2\nassert s.pop() == 'b'\nassert s.pop() == 'a'\nassert s.is_empty()",
      "assert Stack().is_empty() is True",
      "s = Stack()\nfor_later = [1, 2]\ns.push(for_later)\nassert s.pop() is for_later",
      "with pytest.raises(IndexError):\n    Stack().pop()",
      "assert isinstance(make_stack(), Stack)",
      "assert make_stack() is not None",
    ],
  },
  {
    id: "repr",
    kind: "repr, str and formatting of returned objects",
    code: py(
      "class Point:",
      "    def __init__(self, x, y):",
      "        self.x, self.y = x, y",
      "    def __repr__(self):",
      "        return 'Point(%d, %d)' % (self.x, self.y)",
      "    def __str__(self):",
      "        return '(%d, %d)' % (self.x, self.y)",
      "def make_point(x, y):",
      "    return Point(x, y)",
      "def word():",
      "    return 'hi'",
    ),
    tests: [
      "assert repr(make_point(1, 2)) == 'Point(1, 2)'",
      "assert str(make_point(1, 2)) == '(1, 2)'",
      "assert f'{make_point(3, 4)}' == '(3, 4)'",
      "assert f'<{make_point(3, 4)!r}>' == '<Point(3, 4)>'",
      "assert repr(word()) == \"'hi'\"",
      "assert f'{word():>4}' == '  hi'",
      "assert make_point(1, 2).x == 1",
    ],
  },
  {
    id: "identity",
    kind: "identity across holes",
    code: py("_CACHE = {}", "def get():", "    return _CACHE", "def fresh():", "    return []", "def same(x):", "    return x"),
    tests: [
      "assert get() is get()",
      "assert fresh() is not fresh()",
      "a = get()\na['k'] = 1\nassert get() == {'k': 1}",
      "xs = [1]\nassert same(xs) is xs",
      "pair = (get(), get())\nassert pair[0] is pair[1]",
    ],
  },
  {
    id: "exceptions",
    kind: "exceptions matched by the builtin hierarchy",
    code: py("class ParseError(ValueError):", "    pass", "def parse(s):", "    if not s:", "        raise ParseError('empty')", "    return int(s)", "def lookup(d, k):", "    return d[k]"),
    tests: [
      "with pytest.raises(ValueError):\n    parse('')",
      "with pytest.raises(ValueError, match='empty'):\n    parse('')",
      "with pytest.raises(ValueError):\n    parse('x')",
      "with pytest.raises(LookupError):\n    lookup({}, 'k')",
      "with pytest.raises((KeyError, IndexError)):\n    lookup([], 3)",
      "with pytest.raises(Exception) as info:\n    parse('')\nassert 'empty' in str(info.value)",
      "assert parse('12') == 12",
    ],
  },
  {
    id: "stdlib-imports",
    kind: "the candidate's imports used by the tests",
    code: py("import math", "from fractions import Fraction", "from decimal import Decimal", "import datetime", "def area(r):", "    return math.pi * r * r", "def third():", "    return Fraction(1, 3)", "def price():", "    return Decimal('1.10')", "def day():", "    return datetime.date(2024, 2, 29)"),
    tests: [
      "assert math.isclose(area(1), 3.14159, rel_tol=1e-5)",
      "assert third() == Fraction(2, 6)",
      "assert third() * 3 == 1",
      "assert price() == Decimal('1.1')",
      "assert day() + datetime.timedelta(days=1) == datetime.date(2024, 3, 1)",
      "assert day().isoformat() == '2024-02-29'",
    ],
  },
  {
    id: "containers",
    kind: "mappings and sequences by content",
    code: py("from collections import OrderedDict, deque", "def ordered():", "    return OrderedDict([('b', 1), ('a', 2)])", "def window():", "    return deque([1, 2, 3], maxlen=3)", "def nested():", "    return {'k': [(1, 2.0), {3}], 'n': None}", "def span():", "    return range(2, 8, 2)"),
    tests: [
      "assert ordered() == {'a': 2, 'b': 1}",
      "assert list(ordered()) == ['b', 'a']",
      "assert ordered() == OrderedDict([('b', 1), ('a', 2)])",
      "assert ordered() != OrderedDict([('a', 2), ('b', 1)])",
      "assert window() == deque([1, 2, 3])",
      "assert list(window()) == [1, 2, 3]",
      "assert nested() == {'n': None, 'k': [(1, 2), {3}]}",
      "assert span() == range(2, 8, 2)",
      "assert list(span()) == [2, 4, 6]",
      "assert 4 in span()",
    ],
  },
  {
    id: "builtin-named",
    kind: "a function under test named like a builtin",
    code: py("def pow(a, b):", "    result = 1", "    for _ in range(b):", "        result *= a", "    return result"),
    tests: ["assert pow(2, 3) == 8", "assert pow(5, 0) == 1", "assert pow(3, 2) == 9"],
  },
  {
    id: "callbacks",
    kind: "candidate functions handed to builtins and stdlib callables, keyword arguments included",
    code: py("import functools", "def by_length(s):", "    return len(s)", "def score(p):", "    return p[1]", "def add(a, b):", "    return a + b", "def adder(n):", "    return lambda x: x + n", "def even(x):", "    return x % 2 == 0"),
    tests: [
      "assert sorted(['ccc', 'a', 'bb'], key=by_length) == ['a', 'bb', 'ccc']",
      "assert sorted([3, 1, 2], key=adder(0), reverse=True) == [3, 2, 1]",
      "assert max([('a', 2), ('b', 5)], key=score) == ('b', 5)",
      "assert min(['bb', 'a'], key=by_length) == 'a'",
      "words = ['ccc', 'a']\nassert sorted(words, key=by_length)[0] == 'a'",
      "from functools import reduce\nassert reduce(add, [1, 2, 3]) == 6",
      "import itertools\nassert list(itertools.accumulate([1, 2, 3], add)) == [1, 3, 6]",
      "import itertools\nassert list(itertools.filterfalse(even, range(5))) == [1, 3]",
      "assert list(filter(even, range(5))) == [0, 2, 4]",
      "assert sum(map(adder(1), [1, 2])) == 5",
    ],
  },
  {
    id: "slices-singletons",
    kind: "slices, NotImplemented and Ellipsis as values",
    code: py("def middle():", "    return slice(1, 3)", "def every(n):", "    return slice(None, None, n)", "def undecided(x):", "    return NotImplemented", "def dots():", "    return ..."),
    tests: [
      "assert [0, 1, 2, 3][middle()] == [1, 2]",
      "assert 'abcdef'[every(2)] == 'ace'",
      "assert middle() == slice(1, 3)",
      "assert middle().stop == 3",
      "assert every(2).step == 2 and every(2).start is None",
      "assert undecided(1) is NotImplemented",
      "assert dots() is Ellipsis",
    ],
  },
  {
    id: "class-equality",
    kind: "objects compared with objects of the candidate's (judged the old way)",
    code: py("from dataclasses import dataclass", "from enum import Enum", "@dataclass", "class Point:", "    x: int", "    y: int", "class Color(Enum):", "    RED = 1", "def make_point(x, y):", "    return Point(x, y)", "def pick():", "    return Color.RED"),
    tests: ["assert make_point(1, 2) == Point(1, 2)", "assert pick() is Color.RED", "assert pick() == Color.RED", "assert make_point(0, 0) != Point(1, 1)"],
    inProcess: [0, 2, 3], // identity needs no candidate code: `is` is judged outside
  },
];

export function controlPair(c: Control): ExecPair {
  return { id: c.id, code: c.code, tests: c.tests, timeoutMs: 10_000 };
}
