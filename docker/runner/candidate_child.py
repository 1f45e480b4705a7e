"""The candidate's process: the only place candidate code ever runs.

Forked per pair by the fork server, which has already applied everything children share
(resource limits, OOM preference, unprivileged user, working directory). Here the child takes
its own process group and descriptors, then receives the code and, per test, either the
compiled holes to evaluate (split tests: no expected value is ever sent) or the whole test
(inline tests, run the old way), installs the exec filter and writes one frame per test:
  [index, "load_error", name] | [index, "values", [slot, ...]] | [index, "inline", outcome]
Nothing it writes is trusted: the runner decodes values strictly and decides every verdict.
"""

import builtins
import fcntl
import json
import marshal
import os
import signal

import exec_filter
import plain_encode
import pytest_shim

MAX_FRAME_BYTES = 2 << 20
MAX_MESSAGE_CHARS = 2000
REQ_FD, RES_FD = 3, 4


def type_name(exc):
    name = "".join(c if c.isalnum() or c in "_." else "_" for c in str(type(exc).__name__)[:100])
    return name if name[:1].isalpha() or name[:1] == "_" else "Exception"


def _exception_slot(exc):
    mro = []
    for cls in type(exc).__mro__[:32]:
        mro.append([str(getattr(cls, "__module__", "?"))[:200], str(getattr(cls, "__qualname__", "?"))[:200]])
    try:
        message = str(exc)[:MAX_MESSAGE_CHARS]
    except BaseException:
        message = ""
    return ["raise", type_name(exc), mro, message]


def _value_slot(value):
    try:
        return plain_encode.encode(value)
    except plain_encode.NotPlain as exc:
        return ["unplain", str(exc)[:200]]
    except RecursionError:
        return ["unplain", "nested too deeply"]


def setup(fds):
    """Own process group; only the request, result and output descriptors survive (stdout and
    stderr go to the capped output pipe, stdin stays closed); dies with the fork server."""
    os.setpgid(0, 0)
    high = [fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in fds]
    os.dup2(high[0], REQ_FD)
    os.dup2(high[1], RES_FD)
    os.dup2(high[2], 1)
    os.dup2(high[2], 2)
    os.closerange(0, 1)
    os.closerange(RES_FD + 1, os.sysconf("SC_OPEN_MAX"))  # the fork server's socket included
    exec_filter.prctl(exec_filter.PR_SET_PDEATHSIG, signal.SIGKILL)


def read_request(req_fd):
    chunks = []
    while True:
        chunk = os.read(req_fd, 1 << 16)
        if not chunk:
            break
        chunks.append(chunk)
    os.close(req_fd)
    return marshal.loads(b"".join(chunks))


def run(request, res_fd):
    shim = pytest_shim.module()
    import sys

    sys.modules["pytest"] = shim

    def emit(frame):
        data = json.dumps(frame, separators=(",", ":")).encode()
        if len(data) > MAX_FRAME_BYTES:
            frame = [frame[0], "values", [["unplain", "values larger than %d bytes" % MAX_FRAME_BYTES]] * len(frame[2])]
            data = json.dumps(frame).encode()
        view = memoryview(data + b"\n")
        while view:
            view = view[os.write(res_fd, view):]

    try:
        code = compile(request["code"], "<candidate>", "exec", dont_inherit=True, optimize=0)
    except BaseException as exc:  # SyntaxError, ValueError (null bytes), RecursionError...
        for index, _ in enumerate(request["tests"]):
            emit([index, "load_error", type_name(exc)])
        return
    for index, spec in enumerate(request["tests"]):
        ns = {"__name__": "candidate", "__builtins__": builtins, "pytest": shim}
        try:
            exec(code, ns)
        except BaseException as exc:
            emit([index, "load_error", type_name(exc)])
            continue
        if "holes" in spec:
            slots = []
            for hole in spec["holes"]:
                try:
                    slots.append(_value_slot(eval(hole, ns)))
                except BaseException as exc:  # includes SystemExit and KeyboardInterrupt
                    slots.append(_exception_slot(exc))
            emit([index, "values", slots])
        else:
            emit([index, "inline", _run_inline(spec["inline"], ns)])
        del ns


def _run_inline(test, ns):
    try:
        exec(compile(test, "<test>", "exec", dont_inherit=True, optimize=0), ns)
        return "pass"
    except AssertionError:
        return "FAIL"
    except BaseException as exc:
        return "FAIL:" + type_name(exc)


def main(fds):
    """Entry from the fork server; never returns."""
    status = 0
    try:
        setup(fds)
        request = read_request(REQ_FD)
        exec_filter.install()
        run(request, RES_FD)
    except BaseException:
        status = 1
    os._exit(status)  # never run the fork server's cleanup or atexit hooks
