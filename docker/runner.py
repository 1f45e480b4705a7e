"""ExecBoard sandbox runner: the trusted process that executes (code, test suite) pairs.

Protocol (one JSON object per line):
  stdin   {"id": str, "code": str, "tests": [str], "timeoutMs": int}
  stdout  {"id": str, "outcomes": [str], "passed": bool, "durationMs": int}   (flushed per pair)
          {"id": str|null, "error": str}                                     (unreadable input line)

Per pair, this parent forks a fresh child and never executes candidate code itself. The child
runs every test in a fresh namespace (code first, then the test) and reports each outcome on a
private pipe as soon as it is known. Outcomes follow the paper's runner (DESIGN.md):
  pass | FAIL (AssertionError) | FAIL:<Type> (other exception from the test) | TIMEOUT
  | ERROR:<Type> (the code itself would not load: SyntaxError or an exception at module level)
Choices of this runner where the paper is silent:
  - The suite timeout (default 5000 ms) covers the whole pair; unfinished tests become TIMEOUT.
  - A child that dies before reporting every test (os._exit, a signal such as SIGSEGV or the
    OOM killer's SIGKILL) marks the running and remaining tests FAIL:SystemExit when it exited
    with a status and FAIL:Crash when a signal killed it.
  - sys.exit()/SystemExit raised by a test is FAIL:SystemExit; raised by the code, ERROR:SystemExit.
  - Module code runs with __name__ == "candidate" so `if __name__ == "__main__":` demos stay off.
Threat model: the runner protects the host and the protocol stream, not result integrity against
adversarial code (code runs in-process in the child and could forge its own outcomes).
Stdlib only; run as `python3.11 -I -B runner.py`.
"""

import builtins
import gc
import json
import os
import re
import resource
import select
import signal
import sys
import time
import types

# Bump when outcomes could change for the same (code, tests); results are cached by it.
# Keep in sync with RUNNER_VERSION in lib/sandbox/types.ts (tests/sandbox checks both).
RUNNER_VERSION = "1"

DEFAULT_TIMEOUT_MS = 5000
MAX_TIMEOUT_MS = 600_000
MAX_PIPE_BYTES = 1 << 20  # outcome lines are tiny; more means a misbehaving child
NOBODY = 65534
CHILD_LIMITS = (
    (resource.RLIMIT_AS, 1 << 30),
    (resource.RLIMIT_FSIZE, 1 << 20),
    (resource.RLIMIT_CORE, 0),
    (resource.RLIMIT_NPROC, 64),
    (resource.RLIMIT_NOFILE, 256),
)
OUTCOME_RE = re.compile(r"^(pass|FAIL|TIMEOUT|FAIL:[\w.]{1,100}|ERROR:[\w.]{1,100})$")

_current_child_pgid = None


class _StdinLines:
    """Unbuffered line reader on fd 0, so a forked child can forget queued pairs."""

    def __init__(self):
        self._buf = bytearray()

    def readline(self):
        while True:
            nl = self._buf.find(b"\n")
            if nl >= 0:
                line = bytes(self._buf[: nl + 1])
                del self._buf[: nl + 1]
                return line
            chunk = os.read(0, 1 << 16)
            if not chunk:
                rest, self._buf = bytes(self._buf), bytearray()
                return rest or None
            self._buf += chunk

    def forget(self):
        self._buf[:] = b"\0" * len(self._buf)
        self._buf.clear()


def _libc():
    try:
        import ctypes

        return ctypes.CDLL(None, use_errno=True)
    except Exception:  # ctypes missing is not fatal: the settings below are hardening only
        return None


LIBC = _libc()
PR_SET_PDEATHSIG = 1
PR_SET_DUMPABLE = 4


def _prctl(option, value):
    if LIBC is not None:
        LIBC.prctl(option, value, 0, 0, 0)


# ---------------------------------------------------------------- pytest.raises shim


class _ExceptionInfo:
    def __init__(self):
        self.type = None
        self.value = None
        self.tb = None


class _Raises:
    def __init__(self, expected, match):
        self.expected = expected
        self.match = match
        self.excinfo = _ExceptionInfo()

    def __enter__(self):
        return self.excinfo

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            raise AssertionError(f"DID NOT RAISE {self.expected!r}")
        if not issubclass(exc_type, self.expected):
            return False  # a different exception propagates, like pytest
        self.excinfo.type, self.excinfo.value, self.excinfo.tb = exc_type, exc, tb
        if self.match is not None and not re.search(self.match, str(exc)):
            raise AssertionError(f"Regex pattern {self.match!r} does not match {str(exc)!r}")
        return True


def _raises(expected, *args, match=None, **kwargs):
    ctx = _Raises(expected, match)
    if not args:
        return ctx
    with ctx:  # callable form: pytest.raises(E, fn, *args)
        args[0](*args[1:], **kwargs)
    return ctx.excinfo


def _pytest_module():
    mod = types.ModuleType("pytest", "Minimal pytest shim provided by the ExecBoard runner.")
    mod.raises = _raises
    return mod


# ---------------------------------------------------------------- child side


def _type_name(exc):
    name = re.sub(r"[^\w.]", "_", type(exc).__name__)[:100]
    return name or "Exception"


def _child_setup(stdin, wfd, rfd):
    os.setpgid(0, 0)  # own group, so the parent can kill everything it spawns
    stdin.forget()
    os.close(rfd)
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):  # candidate output must never reach the protocol stream
        os.dup2(devnull, fd)
    os.close(devnull)
    _prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.geteuid() == 0:  # process backend run as root: never run candidates as root
        os.setgroups([])
        os.setgid(NOBODY)
        os.setuid(NOBODY)
    for limit, value in CHILD_LIMITS:
        try:
            soft, hard = resource.getrlimit(limit)
            cap = value if hard == resource.RLIM_INFINITY else min(value, hard)
            resource.setrlimit(limit, (cap, cap))
        except (ValueError, OSError):
            pass
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # oversize writes raise OSError instead
    sys.modules["pytest"] = _pytest_module()
    return wfd


def _run_child(pair, wfd):
    tests = pair["tests"]

    def report(outcome):
        os.write(wfd, (outcome + "\n").encode())

    try:
        code = compile(pair["code"], "<candidate>", "exec", dont_inherit=True)
    except BaseException as exc:  # SyntaxError, ValueError (null bytes), RecursionError...
        for _ in tests:
            report("ERROR:" + _type_name(exc))
        return
    pytest = sys.modules["pytest"]
    for test in tests:
        ns = {"__name__": "candidate", "__builtins__": builtins, "pytest": pytest}
        try:
            exec(code, ns)
        except BaseException as exc:
            report("ERROR:" + _type_name(exc))
            continue
        try:
            exec(compile(test, "<test>", "exec", dont_inherit=True), ns)
            outcome = "pass"
        except AssertionError:
            outcome = "FAIL"
        except BaseException as exc:  # includes SystemExit and KeyboardInterrupt
            outcome = "FAIL:" + _type_name(exc)
        del ns
        report(outcome)


def _child_main(stdin, pair, rfd, wfd):
    status = 0
    try:
        _run_child(pair, _child_setup(stdin, wfd, rfd))
    except BaseException:
        status = 1
    os._exit(status)  # never return into the parent's loop or run its atexit hooks


# ---------------------------------------------------------------- parent side


def _kill_group(pgid):
    try:
        os.killpg(pgid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _reap(pid, block):
    try:
        got, status = os.waitpid(pid, 0 if block else os.WNOHANG)
    except ChildProcessError:
        return -1
    return status if got == pid else None


def _collect(pid, rfd, n_tests, deadline):
    """Read outcomes until all are in, the child dies, or the suite deadline passes."""
    global _current_child_pgid
    outcomes, buf, total, status = [], b"", 0, None
    poller = select.poll()
    poller.register(rfd, select.POLLIN | select.POLLHUP)
    eof = False
    while len(outcomes) < n_tests and not eof:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            break
        # Short waits so a child that died while a grandchild holds the pipe is still noticed.
        if not poller.poll(min(remaining, 0.05) * 1000):
            if status is None:
                status = _reap(pid, block=False)
            if status is None:
                continue
            os.set_blocking(rfd, False)
        try:
            chunk = os.read(rfd, 1 << 16)
        except BlockingIOError:
            chunk = b""
        if not chunk:
            eof = True
        total += len(chunk)
        if total > MAX_PIPE_BYTES:
            break
        buf += chunk
        *lines, buf = buf.split(b"\n")
        for line in lines:
            text = line.decode("utf-8", "replace")
            if len(outcomes) < n_tests and OUTCOME_RE.match(text):
                outcomes.append(text)
    timed_out = len(outcomes) < n_tests and time.monotonic() >= deadline
    _kill_group(pid)  # leftovers (background grandchildren, a child past its deadline)
    if os.getpid() == 1:
        # As a container's init, also catch processes that left the group with setsid();
        # kill(-1) spares PID 1. Never on a host, where it would mean every process.
        try:
            os.kill(-1, signal.SIGKILL)
        except OSError:
            pass
    if status is None:
        status = _reap(pid, block=True)
    _current_child_pgid = None
    if len(outcomes) < n_tests:
        if timed_out:
            filler = "TIMEOUT"
        elif status is not None and status >= 0 and os.WIFSIGNALED(status):
            filler = "FAIL:Crash"
        else:
            filler = "FAIL:SystemExit"
        outcomes += [filler] * (n_tests - len(outcomes))
    return outcomes


def _reap_orphans():
    # In a container the runner is PID 1: grandchildren orphaned by a candidate are re-parented
    # here and were just killed with kill(-1), so wait for all of them; otherwise zombies eat
    # the pids limit and linger into the next pair. On a host only direct children are ours.
    flags = 0 if os.getpid() == 1 else os.WNOHANG
    while True:
        try:
            pid, _ = os.waitpid(-1, flags)
        except ChildProcessError:
            return
        if pid == 0:
            return


def _run_pair(stdin, pair):
    global _current_child_pgid
    started = time.monotonic()
    timeout_ms = pair.get("timeoutMs") or DEFAULT_TIMEOUT_MS
    deadline = started + min(max(int(timeout_ms), 1), MAX_TIMEOUT_MS) / 1000
    rfd, wfd = os.pipe()
    sys.stdout.flush()
    pid = os.fork()
    if pid == 0:
        _child_main(stdin, pair, rfd, wfd)
    os.close(wfd)
    try:
        os.setpgid(pid, pid)  # also set here: no window where a kill misses the group
    except OSError:
        pass
    _current_child_pgid = pid
    try:
        outcomes = _collect(pid, rfd, len(pair["tests"]), deadline)
    finally:
        os.close(rfd)
        _reap_orphans()
    return {
        "id": pair["id"],
        "outcomes": outcomes,
        "passed": bool(outcomes) and all(o == "pass" for o in outcomes),
        "durationMs": int((time.monotonic() - started) * 1000),
    }


def _parse(line):
    try:
        pair = json.loads(line)
    except ValueError as exc:
        return None, {"id": None, "error": f"invalid JSON: {exc}"}
    if not isinstance(pair, dict):
        return None, {"id": None, "error": "expected a JSON object"}
    pid = pair.get("id")
    ok = (
        isinstance(pid, str)
        and isinstance(pair.get("code"), str)
        and isinstance(pair.get("tests"), list)
        and all(isinstance(t, str) for t in pair["tests"])
        and (pair.get("timeoutMs") is None or type(pair["timeoutMs"]) is int)
    )
    if not ok:
        return None, {"id": pid if isinstance(pid, str) else None, "error": "expected {id: str, code: str, tests: [str], timeoutMs?: int}"}
    return pair, None


def _warm_up():
    """Pay one-time interpreter costs (first compile, first traceback, regex cache) here, in
    trusted code, so each forked child inherits them instead of repeating them (~2 ms/pair)."""
    code = compile("def _f(x):\n    return x + 1\n", "<warm-up>", "exec", dont_inherit=True)
    for test in ("assert _f(1) == 2", "assert _f(1) == 3", "_f(None)", "with pytest.raises(TypeError, match='int'): _f(None)"):
        ns = {"__name__": "candidate", "__builtins__": builtins, "pytest": _pytest_module()}
        exec(code, ns)
        try:
            exec(compile(test, "<warm-up>", "exec", dont_inherit=True), ns)
        except Exception:
            pass
    gc.collect()
    gc.freeze()  # keep the collector from touching (and copying) inherited objects in children


def _emit(obj):
    sys.stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def _on_term(signum, frame):
    if _current_child_pgid is not None:
        _kill_group(_current_child_pgid)
    os._exit(128 + signum)


def main():
    # Non-dumpable: a same-uid child cannot open /proc/<runner>/fd/1 and write into the stream.
    _prctl(PR_SET_DUMPABLE, 0)
    signal.signal(signal.SIGTERM, _on_term)
    signal.signal(signal.SIGINT, _on_term)
    _warm_up()
    stdin = _StdinLines()
    while True:
        line = stdin.readline()
        if line is None:
            return 0
        if not line.strip():
            continue
        pair, error = _parse(line)
        _emit(error if error else _run_pair(stdin, pair))


if __name__ == "__main__":
    sys.exit(main())
