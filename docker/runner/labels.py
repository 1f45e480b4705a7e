"""Outcome labels: the one grammar the runner emits and lib/sandbox/runner-protocol.ts accepts.

  pass | FAIL | TIMEOUT | FAIL:<Name> | ERROR:<Name>     Name: an ASCII identifier, <= 100 chars

The runner sends PATTERN in its hello and the pool refuses a runner whose pattern is not its
own (OUTCOME_PATTERN in runner-protocol.ts), so the two sides cannot drift apart. Every label
passes through `checked` before it leaves the runner: an exception class named outside the
grammar (`class Ошибка(ValueError)`) is reported by its nearest builtin ancestor instead.
"""

import re

PATTERN = r"^(?:pass|FAIL|TIMEOUT|(?:FAIL|ERROR):[A-Za-z_][A-Za-z0-9_]{0,99})$"
_LABEL = re.compile(PATTERN)
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,99}")


def name_or(name, fallback):
    """`name` when it may follow FAIL:/ERROR:, else `fallback` (which must)."""
    return name if type(name) is str and _NAME.fullmatch(name) else fallback


def checked(label):
    """`label` if it fits the grammar; anything else (a runner bug) becomes FAIL:Exception."""
    return label if type(label) is str and _LABEL.fullmatch(label) else "FAIL:Exception"
