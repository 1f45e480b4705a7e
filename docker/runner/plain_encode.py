"""Plain data, child side: the only form in which a candidate's values leave its process.

Values become tagged JSON-ready lists, decoded by plain_data.py in the judge into real builtin
and stdlib objects, so the test's own comparisons run there with Python's meaning:
  scalars      N b E NI i f c s y Y                  (None, bool, Ellipsis, NotImplemented, ...,
                                                     bytes, bytearray)
  containers   l t S F d                             (list, tuple, set, frozenset, dict)
  stdlib       od ct dd dq nt Q D da dt tm td rg sl T  (OrderedDict, Counter, defaultdict, deque,
               namedtuple, Fraction, Decimal, date/datetime/time/timedelta/timezone, range,
               slice, builtin type, builtin function B, module M)
  views        vk vv vi                              (dict keys, values, items)
  objects      o   anything else (a generator, a function, an instance of the candidate's
                   class), with the protocols its class overrides (__eq__, __bool__, __repr__...):
                   on the trusted side it is equal only to itself and truthy, as in Python,
                   unless the test uses one of those, which fails it (FAIL:NotPlainData)
  references   r R every object gets a number in encoding order; ["r", n] is the same object
                   again, ["R", n, node] the same mutable object with its content now
One Encoder serves all holes of a test, so identity survives across holes (`f() is f()`).
A subclass of a builtin type that keeps its base's comparisons (a namedtuple's class, an
IntEnum) crosses as that value; values are read through the base type's own slots, never
through methods the candidate overrides. Imports stay minimal: this runs in every child.
"""

import base64
import sys
from builtins import BaseException, Exception, NotImplemented, bytearray, bytes, complex, dict, float, frozenset, getattr, hex, id, int, isinstance, len, list, next, range, set, slice, str, tuple, type  # noqa: A004

# The builtins above are bound here, before any candidate code runs, so a candidate that
# patches the builtins module cannot change how its values are read.

MAX_DEPTH = 100
MAX_NODES = 250_000  # per test; more could not fit in a frame (candidate_child.MAX_FRAME_BYTES)


class NotPlain(Exception):
    """The value is not plain data (or a frame is malformed)."""


# Protocol methods that decide what comparisons, truthiness and operators do on the trusted side.
_COMPARE = ("__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__")
_VALUE_DUNDERS = _COMPARE + tuple((
    "__hash__ __bool__ __len__ __contains__ __iter__ __getitem__ __index__ __int__ __float__ "
    "__complex__ __add__ __radd__ __sub__ __rsub__ __mul__ __rmul__ __truediv__ __rtruediv__ "
    "__floordiv__ __rfloordiv__ __mod__ __rmod__ __pow__ __rpow__ __neg__ __pos__ __abs__ "
    "__invert__ __and__ __rand__ __or__ __ror__ __xor__ __rxor__ __lshift__ __rshift__ "
    "__round__ __trunc__ __floor__ __ceil__ __matmul__"
).split())
# What an object's class may override that the trusted side would otherwise do its own way.
_OWN = ("__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__hash__", "__bool__", "__len__", "__repr__", "__str__", "__format__")
_MUTABLE = (list, dict, set, bytearray)
_BASES = (bool, int, float, complex, str, bytes, bytearray, tuple, list, dict, set, frozenset)
_VIEWS = {type({}.keys()): "vk", type({}.values()): "vv", type({}.items()): "vi"}
_STDLIB = {
    ("collections", "OrderedDict"): "od",
    ("collections", "Counter"): "ct",
    ("collections", "defaultdict"): "dd",
    ("collections", "deque"): "dq",
    ("fractions", "Fraction"): "Q",
    ("decimal", "Decimal"): "D",
    ("datetime", "date"): "time",
    ("datetime", "datetime"): "time",
    ("datetime", "time"): "time",
    ("datetime", "timedelta"): "time",
    ("datetime", "timezone"): "time",
}


def _resolve(t, name):
    """What instances of `t` find for `name` (the first class of its MRO that defines it), unlike
    getattr on the class, which also sees the metaclass."""
    for c in t.__mro__:
        found = c.__dict__.get(name, _resolve)
        if found is not _resolve:
            return found
    return None


def _keeps(t, base, names):
    """Do instances of `t` find for each of `names` what instances of `base` find?"""
    try:
        return all(_resolve(t, n) is _resolve(base, n) for n in names)
    except Exception:  # a class of the candidate's with an odd __mro__ or __dict__
        return False


class Encoder:
    """Encodes the values of one test's holes; call `slot(value)` once per hole, in order."""

    def __init__(self, named_builtins):
        self.named_builtins = named_builtins  # {id(v): (tag, name)} for the real builtin types ("T") and functions ("B")
        self.refs = {}  # id(object) -> [number, slot it was last encoded in]
        self.keep = []  # every encoded object stays alive, so no id is reused meanwhile
        self.nodes = 0
        self.generation = 0
        self.path = set()

    def slot(self, value):
        self.generation += 1
        return self.enc(value, 0)

    def enc(self, v, depth):
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise NotPlain("more than %d values" % MAX_NODES)
        if v is None:
            return ["N"]
        if v is True or v is False:
            return ["b", 1 if v else 0]
        if v is Ellipsis:
            return ["E"]
        if v is NotImplemented:
            return ["NI"]
        key = id(v)
        if key in self.path:
            raise NotPlain("cyclic " + type(v).__name__)
        seen = self.refs.get(key)
        if seen is not None:
            number, generation = seen
            if generation == self.generation or not isinstance(v, _MUTABLE + (_deque(),)):
                return ["r", number]
            seen[1] = self.generation  # mutated since an earlier hole, perhaps: its content now
            return ["R", number, self.fresh(v, depth)]
        self.refs[key] = [len(self.refs), self.generation]
        self.keep.append(v)
        return self.fresh(v, depth)

    def fresh(self, v, depth):
        t = type(v)
        if t is int:
            return ["i", hex(v)]  # hex: exact, and no 4300-digit str() limit
        if t is float:
            return ["f", v.hex()]  # exact; covers inf, nan and -0.0
        if t is complex:
            return ["c", v.real.hex(), v.imag.hex()]
        if t is str:
            return ["s", v]
        if t is bytes or t is bytearray:
            return ["y" if t is bytes else "Y", base64.b64encode(v).decode("ascii")]
        if t is range:
            return ["rg", hex(v.start), hex(v.stop), hex(v.step)]
        if depth >= MAX_DEPTH:
            raise NotPlain("nested deeper than %d" % MAX_DEPTH)
        if t is slice:
            return ["sl", self.enc(v.start, depth + 1), self.enc(v.stop, depth + 1), self.enc(v.step, depth + 1)]
        tag = _CONTAINERS.get(t)
        if tag is not None:
            return self.container(tag, v, t, depth)
        named = self.named_builtins.get(id(v))
        if named is not None:
            return [named[0], named[1]]
        if t is _MODULE:
            name = v.__dict__.get("__name__")
            if type(name) is str and sys.modules.get(name) is v:
                return ["M", name]  # the judge stands a trusted module for itself, else a placeholder
        tag = _stdlib_tag(t)
        if tag is not None:
            return self.stdlib(tag, v, t, depth)
        tag = _VIEWS.get(t)
        if tag is not None:
            items = [[self.enc(k, depth + 1), self.enc(x, depth + 1)] for k, x in v] if tag == "vi" else [self.enc(x, depth + 1) for x in v]
            return [tag, items]
        return self.other(v, t, depth)

    def container(self, tag, v, t, depth):
        if self.nodes + len(v) > MAX_NODES:  # fail before walking a huge container
            raise NotPlain("more than %d values" % MAX_NODES)
        key = id(v)
        self.path.add(key)
        try:
            if tag == "d":
                items = [[self.enc(k, depth + 1), self.enc(x, depth + 1)] for k, x in dict.items(v)]
            else:
                items = [self.enc(x, depth + 1) for x in t.__iter__(v)]
        finally:
            self.path.discard(key)
        return [tag, items]

    def stdlib(self, tag, v, t, depth):
        if tag == "Q":
            return ["Q", hex(v.numerator), hex(v.denominator)]
        if tag == "D":
            return ["D", str(v)]
        if tag == "time":
            return self.enc_time(v, t)
        key = id(v)
        self.path.add(key)
        try:
            if tag == "dq":
                return ["dq", -1 if v.maxlen is None else v.maxlen, [self.enc(x, depth + 1) for x in v]]
            items = [[self.enc(k, depth + 1), self.enc(x, depth + 1)] for k, x in dict.items(v)]
            if tag == "dd":
                factory = v.default_factory
                return ["dd", ["N"] if factory is None else self.enc(factory, depth + 1), items]
            return [tag, items]
        finally:
            self.path.discard(key)

    def other(self, v, t, depth):
        """Subclasses of builtin types, namedtuples, and objects of other types."""
        base = next((b for b in t.__mro__[1:] if b in _BASES), None)
        if base is not None and _keeps(t, base, _VALUE_DUNDERS):
            fields = _namedtuple_fields(t) if base is tuple else None
            if fields is not None:
                return ["nt", t.__name__, list(fields), self.container("t", v, tuple, depth)[1]]
            return self.fresh(_base_value(v, base), depth)
        return ["o", _type_label(t), [n for n in _OWN if not _keeps(t, object, (n,))]]

    def enc_time(self, v, t):
        datetime = sys.modules["datetime"]
        if t is datetime.timedelta:
            return ["td", v.days, v.seconds, v.microseconds]
        if t is datetime.date:
            return ["da", v.year, v.month, v.day]
        if t is datetime.timezone:
            offset = self.enc_time(v.utcoffset(None), datetime.timedelta)
            name = v.tzname(None)
            return ["tz", offset, None if name == datetime.timezone(v.utcoffset(None)).tzname(None) else str(name)]
        tz = v.tzinfo
        if tz is not None and type(tz) is not datetime.timezone:
            raise NotPlain("time zone " + _type_label(type(tz)))
        offset = None if tz is None else self.enc_time(tz.utcoffset(None), datetime.timedelta)
        if t is datetime.time:
            return ["tm", v.hour, v.minute, v.second, v.microsecond, v.fold, offset]
        return ["dt", v.year, v.month, v.day, v.hour, v.minute, v.second, v.microsecond, v.fold, offset]


_CONTAINERS = {list: "l", tuple: "t", set: "S", frozenset: "F", dict: "d"}
_MODULE = type(sys)


def _deque():
    mod = sys.modules.get("collections")
    return mod.deque if mod is not None else list


def _stdlib_tag(t):
    """The tag of an allow-listed stdlib type, checked by identity with the real class (a value of
    such a type exists only if the candidate imported its module)."""
    module = getattr(t, "__module__", None)
    name = getattr(t, "__qualname__", None)
    tag = _STDLIB.get((module if module != "_decimal" else "decimal", name)) if type(module) is str else None
    real = sys.modules.get(module) if tag else None
    return tag if real is not None and getattr(real, name, None) is t else None


def _namedtuple_fields(t):
    fields = getattr(t, "_fields", None)
    if type(fields) is tuple and all(type(f) is str and f.isidentifier() for f in fields) and t.__name__.isidentifier():
        return fields
    return None


def _base_value(v, base):
    """`v` as an exact `base` value, read through the base type's own slots."""
    if base is int or base is bool:
        return int.__int__(v)
    if base is float:
        return float.__float__(v)
    if base is complex:
        return complex(float.__float__(complex.real.__get__(v)), float.__float__(complex.imag.__get__(v)))
    if base is str:
        return str.__str__(v)
    if base is bytes:
        return bytes.__bytes__(v)
    if base is bytearray:
        return bytearray.copy(v)
    if base is dict:
        return dict(dict.items(v))
    return base(base.__iter__(v))


def _type_label(t):
    return "%s.%s" % (getattr(t, "__module__", "?"), getattr(t, "__qualname__", "?"))
