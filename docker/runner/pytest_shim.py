"""A minimal pytest module for tests run inline (the old way), as the paper's runner injects.
Split tests never use it, but their trusted evaluator's raises (trusted_eval.py) is a Raises
that decides differently what an exception counts as."""

import re
import types


class ExceptionInfo:
    def __init__(self):
        self.type = self.value = self.tb = None


class Raises:
    """pytest.raises as a context manager: the block must raise one of `expected`, whose
    message (when `match` is given) the pattern finds; any other exception propagates, like
    pytest. Here an exception is what Python says it is; a subclass may say otherwise."""

    def __init__(self, expected, match):
        self.expected = expected
        self.match = match
        self.excinfo = ExceptionInfo()

    def __enter__(self):
        return self.excinfo

    def __exit__(self, exc_type, exc, tb):
        if exc is None:
            raise AssertionError("DID NOT RAISE %r" % (self.expected,))
        cls = self.counts_as(exc)
        if cls is None or not issubclass(cls, self.expected):
            return False
        self.excinfo.type = cls
        self.excinfo.value, self.excinfo.tb = self.seen_as(exc, cls, tb)
        if self.match is not None:
            message = self.message_of(exc)
            if not re.search(self.match, message):
                raise AssertionError("Regex pattern %r does not match %r" % (self.match, message))
        return True

    def counts_as(self, exc):
        """The class the raised exception counts as; None lets it propagate."""
        return type(exc)

    def seen_as(self, exc, cls, tb):
        """The value and traceback the test sees of a caught exception."""
        return exc, tb

    def message_of(self, exc):
        """The message `match` searches."""
        return str(exc)


def raises(expected, *args, match=None, **kwargs):
    ctx = Raises(expected, match)
    if not args:
        return ctx
    with ctx:  # callable form: pytest.raises(E, fn, *args)
        args[0](*args[1:], **kwargs)
    return ctx.excinfo


def module():
    mod = types.ModuleType("pytest", "Minimal pytest shim provided by the ExecBoard runner.")
    mod.raises = raises
    return mod
