"""Plain data, child side: the only form in which a candidate's values leave its process.

Values become tagged JSON-ready lists (decoded by plain_data.py in the runner). Only exact
builtin types and a few stdlib value types are accepted: subclasses, objects with their own
__eq__, cyclic or oversized structures cannot be encoded, so they never reach a comparison.
Imports stay minimal: this runs in every freshly forked child, where each module touched
costs copy-on-write page faults. Stdlib value types are looked up in sys.modules: a value of
such a type exists only if the candidate imported its module.
"""

import base64
import sys

MAX_DEPTH = 100
MAX_NODES = 250_000  # more could not fit in a frame (candidate_child.MAX_FRAME_BYTES) anyway


class NotPlain(Exception):
    """The value is not plain data (or a frame is malformed)."""


def encode(value):
    t = type(value)  # the common scalar results skip the walker
    if t is int:
        return ["i", hex(value)]
    if t is bool:
        return ["b", 1 if value else 0]
    if t is str:
        return ["s", value]
    if value is None:
        return ["N"]
    return _Encoder().enc(value, 0)


class _Encoder:
    def __init__(self):
        self.nodes = 0
        self.path = set()

    def enc(self, v, depth):
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise NotPlain("more than %d values" % MAX_NODES)
        t = type(v)
        if v is None:
            return ["N"]
        if t is bool:
            return ["b", 1 if v else 0]
        if t is int:
            return ["i", hex(v)]  # hex: no 4300-digit str() limit, exact
        if t is float:
            return ["f", v.hex()]  # exact; covers inf, nan and -0.0
        if t is complex:
            return ["c", v.real.hex(), v.imag.hex()]
        if t is str:
            return ["s", v]
        if t is bytes or t is bytearray:
            return ["y" if t is bytes else "Y", base64.b64encode(v).decode("ascii")]
        if depth >= MAX_DEPTH:
            raise NotPlain("nested deeper than %d" % MAX_DEPTH)
        tag = _CONTAINER_TAGS.get(t) or _stdlib_tag(t)
        if tag is None:
            raise NotPlain(_type_label(v))
        if tag == "Q":
            return ["Q", hex(v.numerator), hex(v.denominator)]
        if tag == "D":
            return ["D", str(v)]
        if tag == "time":
            return self.enc_time(v, t)
        if self.nodes + len(v) > MAX_NODES:  # fail before walking a huge container
            raise NotPlain("more than %d values" % MAX_NODES)
        key = id(v)
        if key in self.path:
            raise NotPlain("cyclic " + t.__name__)
        self.path.add(key)
        try:
            if tag in ("d", "od", "ct"):
                items = [[self.enc(k, depth + 1), self.enc(x, depth + 1)] for k, x in dict.items(v)]
            else:
                items = [self.enc(x, depth + 1) for x in v]
        finally:
            self.path.discard(key)
        return [tag, items]

    def enc_time(self, v, t):
        datetime = sys.modules["datetime"]
        if t is datetime.timedelta:
            return ["td", v.days, v.seconds, v.microseconds]
        if t is datetime.date:
            return ["da", v.year, v.month, v.day]
        tz = v.tzinfo
        if tz is not None and type(tz) is not datetime.timezone:
            raise NotPlain("time zone " + _type_label(tz))
        offset = None if tz is None else self.enc_time(tz.utcoffset(None), datetime.timedelta)
        if t is datetime.time:
            return ["tm", v.hour, v.minute, v.second, v.microsecond, v.fold, offset]
        return ["dt", v.year, v.month, v.day, v.hour, v.minute, v.second, v.microsecond, v.fold, offset]


_CONTAINER_TAGS = {list: "l", tuple: "t", set: "S", frozenset: "F", dict: "d"}
_STDLIB_TAGS = {
    ("collections", "OrderedDict"): "od",
    ("collections", "Counter"): "ct",
    ("fractions", "Fraction"): "Q",
    ("decimal", "Decimal"): "D",
    ("datetime", "date"): "time",
    ("datetime", "datetime"): "time",
    ("datetime", "time"): "time",
    ("datetime", "timedelta"): "time",
}


def _stdlib_tag(t):
    """The tag of an allow-listed stdlib type, checked by identity with the real class."""
    module = getattr(t, "__module__", None)
    name = getattr(t, "__qualname__", None)
    tag = _STDLIB_TAGS.get((module if module != "_decimal" else "decimal", name))
    real = sys.modules.get(module) if tag else None
    return tag if real is not None and getattr(real, name, None) is t else None


def _type_label(v):
    t = type(v)
    return "%s.%s" % (getattr(t, "__module__", "?"), getattr(t, "__qualname__", "?"))


