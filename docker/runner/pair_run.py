"""One (code, test suite) pair, on the runner's side: plan the tests, hand the child only what
it may see, collect its frames under the suite deadline and the output cap, decide every
outcome here, then make sure nothing of the pair survives."""

import functools
import json
import marshal
import os
import re
import select
import signal
import time

import leftovers
import split_tests
import trusted_eval
from server_client import ServerDown

OUTPUT_CAP = 8 << 20  # candidate stdout + stderr per pair; the child is killed beyond it
RESULT_CAP = 32 << 20  # frames per pair (values are capped per frame by the child)
EXIT_WAIT_S = 2.0  # for the fork server to report a child it has just seen die
SLOW_S = 0.01
OUTCOME_RE = re.compile(r"^(pass|FAIL|TIMEOUT|FAIL:[\w.]{1,100}|ERROR:[\w.]{1,100})$")
NAME_RE = re.compile(r"^[A-Za-z_][\w.]{0,99}$")


class _Collector:
    """Reads frames and output from one child until every test reported, it died, the
    deadline passed or it wrote too much."""

    def __init__(self, plans, res_fd, out_fd, request, req_fd):
        self.plans = plans
        self.frames = []
        self.res_fd, self.out_fd, self.req_fd = res_fd, out_fd, req_fd
        self.pending = memoryview(request)
        self.buf = b""
        self.res_bytes = self.out_bytes = 0
        self.stop = None  # why collection ended early: "timeout" | "eof" | "output"

    def run(self, deadline, on_slow=None):
        """`on_slow` is called once if the pair is still running after SLOW_S."""
        slow_at = time.monotonic() + SLOW_S if on_slow else None
        os.set_blocking(self.req_fd, False)
        poller = select.poll()
        for fd in (self.res_fd, self.out_fd):
            poller.register(fd, select.POLLIN)
        poller.register(self.req_fd, select.POLLOUT)
        while len(self.frames) < len(self.plans) and self.stop is None:
            now = time.monotonic()
            remaining = deadline - now
            if remaining <= 0:
                self.stop = "timeout"
                break
            if slow_at is not None and now >= slow_at:
                on_slow()
                slow_at = None
            wait = remaining if slow_at is None else min(remaining, max(slow_at - now, 0))
            for fd, event in poller.poll(wait * 1000):
                if fd == self.req_fd:
                    self.write_request(poller)
                elif fd == self.out_fd:
                    self.read_output(poller)
                else:
                    self.read_results()
                if self.stop or len(self.frames) == len(self.plans):
                    break
        if self.req_fd is not None:
            os.close(self.req_fd)

    def write_request(self, poller):
        try:
            self.pending = self.pending[os.write(self.req_fd, self.pending):]
        except (BlockingIOError, InterruptedError):
            return
        except OSError:  # the child is gone; its results pipe will say so
            self.pending = self.pending[:0]
        if not self.pending:
            poller.unregister(self.req_fd)
            os.close(self.req_fd)
            self.req_fd = None

    def read_output(self, poller):
        chunk = os.read(self.out_fd, 1 << 16)
        if not chunk:
            poller.unregister(self.out_fd)
            return
        self.out_bytes += len(chunk)
        if self.out_bytes > OUTPUT_CAP:
            self.stop = "output"

    def read_results(self):
        chunk = os.read(self.res_fd, 1 << 20)
        if not chunk:
            self.stop = "eof"
            return
        self.res_bytes += len(chunk)
        if self.res_bytes > RESULT_CAP:
            self.stop = "output"
            return
        self.buf += chunk
        *lines, self.buf = self.buf.split(b"\n")
        for line in lines:
            frame = _accept(line.decode("utf-8", "replace"), len(self.frames), self.plans)
            if frame is not None:
                self.frames.append(frame)


def _accept(line, index, plans):
    """The frame for test `index` if `line` is one; anything else the child writes is ignored."""
    if index >= len(plans):
        return None
    try:
        frame = json.loads(line)
    except (ValueError, RecursionError):
        return None
    if type(frame) is not list or len(frame) != 3 or frame[0] != index or type(frame[0]) is not int:
        return None
    kind, payload = frame[1], frame[2]
    if kind == "load_error":
        return ["load_error", payload if type(payload) is str and NAME_RE.match(payload) else "Exception"]
    if plans[index].split:
        if kind == "values" and type(payload) is list and len(payload) == len(plans[index].holes):
            return ["values", payload]
    elif kind == "inline" and type(payload) is str and OUTCOME_RE.match(payload):
        return ["inline", payload]
    return None


def _kill_group(pid):
    for target in (-pid, pid):
        try:
            os.kill(target, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def _filler(stop, status):
    if stop == "timeout":
        return "TIMEOUT"
    if stop == "output":
        return "FAIL:OutputLimit"
    if status is None:
        return "FAIL:Crash"
    return "FAIL:Crash" if os.WIFSIGNALED(status) else "FAIL:SystemExit"


@functools.lru_cache(maxsize=8192)
def _hole_code(source):
    # Compiled here, from the test's own text, so the child need not compile it per pair.
    return compile(source, "<test>", "eval", dont_inherit=True, optimize=0)


def _request(pair, plans):
    tests = [{"holes": [_hole_code(h) for h in p.holes]} if p.split else {"inline": t} for p, t in zip(plans, pair["tests"])]
    return marshal.dumps({"code": pair["code"], "tests": tests})


def _finish(collector, pid, server, deadline):
    """Ends the child; returns (stop reason, wait status when it matters)."""
    stop, status = collector.stop, None
    if stop == "eof":  # the child closed its results: it exited, crashed, or lingers
        status = server.status(pid, max(deadline - time.monotonic(), 0.05))
        if status is None and not server.gone:
            stop = "timeout"
    _kill_group(pid)
    if stop == "eof" and status is None:
        server.finish_status(pid, EXIT_WAIT_S)
    return stop, status


def run_pair(pair, server, scratch, on_slow=None):
    """Returns (result object, recycle reason or ""); the object is {"id", "requeue"} when the
    pair could not be started here. `on_slow` runs once if the pair takes more than SLOW_S."""
    started = time.monotonic()
    deadline = started + pair["timeoutMs"] / 1000
    shadowed = split_tests.shadowed_builtins(pair["code"], pair["tests"])
    plans = [split_tests.plan_test(t, shadowed) for t in pair["tests"]]
    try:
        pid, req_fd, res_fd, out_fd = server.spawn()
    except ServerDown as exc:
        # Not this pair's doing (an earlier pair may have killed or stopped the server): it
        # goes back to the caller's queue, and this sandbox is recycled.
        return {"id": pair["id"], "requeue": str(exc)}, str(exc)
    collector = _Collector(plans, res_fd, out_fd, _request(pair, plans), req_fd)
    try:
        collector.run(deadline, on_slow)
        stop, status = _finish(collector, pid, server, deadline)
    finally:
        _kill_group(pid)
        os.close(res_fd)
        os.close(out_fd)
    outcomes = [
        trusted_eval.evaluate(plan, frame) if frame[0] != "inline" else frame[1]
        for plan, frame in zip(plans, collector.frames)
    ]
    recycle = []
    if len(outcomes) < len(plans):
        filler = _filler(stop, status)
        outcomes += [filler] * (len(plans) - len(outcomes))
        if filler != "FAIL:SystemExit":  # timeouts, output floods, crashes and OOM kills
            recycle.append("%s (%s)" % (stop or "child died", filler))
    left, server_gone = leftovers.sweep(server.pid, scratch)
    if left:
        recycle.append("left " + left)
    if server_gone or server.gone or not leftovers.server_healthy(server.pid):
        recycle.append("the fork server died or was stopped")
    return _result(pair, outcomes, plans, started), "; ".join(recycle)


def _result(pair, outcomes, plans, started):
    return {
        "id": pair["id"],
        "outcomes": outcomes,
        "passed": bool(outcomes) and all(o == "pass" for o in outcomes),
        "durationMs": int((time.monotonic() - started) * 1000),
        "inProcess": [i for i, p in enumerate(plans) if not p.split],
    }
