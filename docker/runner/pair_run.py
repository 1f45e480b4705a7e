"""One (code, test suite) pair, on the runner's side: plan the tests, hand the child only what
it may see, pass its frames to the judge as they come, collect the judge's outcomes under the
pair's deadline and the output cap, then make sure nothing of the pair survives.

The runner never decodes a candidate value: it splits the child's result stream into lines
(each at most MAX_FRAME_BYTES) and forwards them. Everything the pair costs, the judge's work
included, is inside its deadline; a judge still busy at the deadline is killed (its tests are
TIMEOUT) and replaced.
"""

import marshal
import os
import select
import signal
import time

import leftovers
import split_tests
from server_client import ServerDown

OUTPUT_CAP = 8 << 20  # candidate stdout + stderr per pair; the child is killed beyond it
MAX_FRAME_BYTES = (2 << 20) + (64 << 10)  # candidate_child.MAX_FRAME_BYTES, with room for framing
RESULT_CAP = 32 << 20  # frames per pair (what the judge may be handed to decode)
OBSERVATIONS_CAP = 256 << 10  # observation JSON per result; later tests' are left out beyond it
EXIT_WAIT_S = 2.0  # for the fork server to report a child it has just seen die
HANDOFF_S = 0.001  # frames wait at most this long to go to the judge together
SETUP_FAILED = 113  # candidate_child.SETUP_FAILED
READY = b"+"


class _Collector:
    """Runs one child: writes its request, reads its frames and output, feeds the judge and
    gathers outcomes until every test has one, the deadline passes, or the child is done and
    the judge has answered for everything it sent."""

    def __init__(self, n, request, req_fd, res_fd, out_fd, judge):
        self.n = n
        self.pending = memoryview(request)
        self.req_fd, self.res_fd, self.out_fd = req_fd, res_fd, out_fd
        self.judge = judge
        self.buf = b""
        self.ready = False
        self.frames = 0  # frames received
        self.unsent = []  # ... not yet handed to the judge, and since when
        self.unsent_since = 0.0
        self.outcomes = {}
        self.observations = {}  # the judge's observation JSON, by test
        self.out_bytes = self.res_bytes = 0
        self.stop = None  # why the child is done: "eof" | "output" (None: it answered every test)
        self.timed_out = False
        self.judge_lost = False
        self.times = {}  # when the child was ready, sent its last frame, got its last outcome

    def run(self, deadline):
        os.set_blocking(self.req_fd, False)
        poller = select.poll()
        poller.register(self.res_fd, select.POLLIN)
        poller.register(self.out_fd, select.POLLIN)
        poller.register(self.req_fd, select.POLLOUT)
        poller.register(self.judge.in_fd, select.POLLIN)
        judge_out = False
        while len(self.outcomes) < self.n:
            if self.judge_lost or (self.stop is not None and not self.unsent and len(self.outcomes) >= self.frames):
                break
            now = time.monotonic()
            remaining = deadline - now
            if remaining <= 0:
                self.timed_out = True
                break
            wait = remaining
            if self.unsent:
                # The judge gets frames together: all of them once the child is done, else those
                # that have waited HANDOFF_S (so a slow test does not hold back the others).
                if self.stop is not None or self.frames == self.n or now - self.unsent_since >= HANDOFF_S:
                    self.handoff()
                else:
                    wait = min(wait, self.unsent_since + HANDOFF_S - now)
            waiting = self.judge.flush()
            if waiting != judge_out:
                (poller.register(self.judge.out_fd, select.POLLOUT) if waiting else poller.unregister(self.judge.out_fd))
                judge_out = waiting
            for fd, _ in poller.poll(wait * 1000):
                if fd == self.req_fd:
                    self.write_request(poller)
                elif fd in (self.out_fd, self.res_fd) and self.stop is not None:
                    continue  # done with the child's streams earlier in this batch
                elif fd == self.out_fd:
                    self.read_output(poller)
                elif fd == self.res_fd:
                    self.read_results(poller)
                elif fd == self.judge.in_fd:
                    got = self.judge.read()
                    if got is None:
                        self.judge_lost = True
                    else:
                        self.judged(got)
        if self.req_fd is not None:
            os.close(self.req_fd)
            self.req_fd = None

    def judged(self, got):
        for i, outcome, seen in got:
            if 0 <= i < self.frames - len(self.unsent):
                self.outcomes[i] = outcome
                if seen is not None:
                    self.observations[i] = seen
        self.times["judged"] = time.monotonic()

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
            _unregister(poller, self.out_fd)
            return
        self.out_bytes += len(chunk)
        if self.out_bytes > OUTPUT_CAP:
            self.finish(poller, "output")

    def read_results(self, poller):
        chunk = os.read(self.res_fd, 1 << 20)
        if not chunk:
            self.finish(poller, "eof")
            return
        self.res_bytes += len(chunk)
        if self.res_bytes > RESULT_CAP:
            self.finish(poller, "output")
            return
        self.buf += chunk
        *lines, self.buf = self.buf.split(b"\n")
        if len(self.buf) > MAX_FRAME_BYTES:
            self.finish(poller, "output")
        batch = []
        for line in lines:
            if len(line) > MAX_FRAME_BYTES:
                self.finish(poller, "output")
                break
            if not self.ready:
                self.ready = line == READY
                self.times["ready"] = time.monotonic()
                if not self.ready:
                    self.finish(poller, "eof")  # cannot happen: no candidate code runs before it
                    break
            elif self.frames + len(batch) < self.n:
                batch.append(line)
        if batch:
            if not self.unsent:
                self.unsent_since = time.monotonic()
            self.unsent.extend(batch)
            self.frames += len(batch)
            self.times["framed"] = time.monotonic()

    def handoff(self):
        self.judge.frames(self.frames - len(self.unsent), self.unsent)
        self.unsent = []

    def finish(self, poller, why):
        if self.stop is None:
            self.stop = why
            _unregister(poller, self.res_fd)
            _unregister(poller, self.out_fd)


def _unregister(poller, fd):
    try:
        poller.unregister(fd)
    except KeyError:
        pass


def _kill_group(pid):
    for target in (-pid, pid):
        try:
            os.kill(target, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def _filler(stop, timed_out, status):
    """The outcome of tests the child never reported on."""
    if timed_out:
        return "TIMEOUT"
    if stop == "output":
        return "FAIL:OutputLimit"
    if status is None:
        return "FAIL:Crash"
    return "FAIL:Crash" if os.WIFSIGNALED(status) else "FAIL:SystemExit"


def _request(pair, plans):
    tests = [{"steps": plan.steps} if plan.split else {"inline": test} for plan, test in zip(plans, pair["tests"])]
    return marshal.dumps({"code": pair["code"], "tests": tests})


def _judge_tests(plans, imports):
    """What the judge needs per test: its trusted program and the imports it uses."""
    out = []
    for plan in plans:
        origins = tuple((n, *imports[n]) for n in plan.names if n in imports) if plan.split else ()
        out.append((plan.code if plan.split else None, origins))
    return out


def _observations(collector, n):
    """What the judge saw per test, as the JSON list the result line carries (the judge's own
    JSON, never decoded here; null where it decided nothing), within OBSERVATIONS_CAP."""
    out, size = ["null"] * n, 0
    for i in sorted(collector.observations):
        raw = collector.observations[i]
        size += len(raw)
        if size > OBSERVATIONS_CAP:
            break
        out[i] = raw
    return RawJSON("[" + ",".join(out) + "]")


class RawJSON(str):
    """JSON text written into a result line as it is (runner.py)."""


def _finish(collector, pid, server, deadline):
    """Ends the child; returns its wait status when it matters (it exited on its own)."""
    status = None
    if collector.stop == "eof" and not collector.timed_out:
        status = server.status(pid, max(deadline - time.monotonic(), 0.05))
        if status is None and not server.gone:
            collector.timed_out = True  # it closed its results but lingers past the deadline
            _kill_group(pid)
            server.finish_status(pid, EXIT_WAIT_S)  # the answer to the status asked above
    _kill_group(pid)
    return status


def run_pair(pair, server, judge, sandbox, profile=False):
    """Returns (result object, recycle reason or ""); the object is {"id", "requeue"} when the
    pair could not be run here through no doing of its own. `sandbox` holds the trusted pids,
    scratch places and limits (runner.py)."""
    started = time.monotonic()
    deadline = started + pair["timeoutMs"] / 1000
    names = split_tests.source_for(pair["code"], pair["tests"])
    shadow, ambiguous = split_tests.shadowed(names, pair["tests"])
    plans = [split_tests.plan_test(t, shadow, names.imports, ambiguous) for t in pair["tests"]]
    judge.begin(_judge_tests(plans, names.imports))
    request = _request(pair, plans)
    planned = time.monotonic()
    try:
        pid, req_fd, res_fd, out_fd = server.spawn()
    except ServerDown as exc:
        # Not this pair's doing (an earlier pair may have broken the server): it goes back to
        # the caller's queue, and this sandbox is recycled.
        return {"id": pair["id"], "requeue": str(exc)}, str(exc)
    spawned = time.monotonic()
    collector = _Collector(len(plans), request, req_fd, res_fd, out_fd, judge)
    try:
        collector.run(deadline)
        status = _finish(collector, pid, server, deadline)
    finally:
        _kill_group(pid)
        os.close(res_fd)
        os.close(out_fd)
    finished = time.monotonic()
    recycle = []
    if collector.judge_lost or (collector.timed_out and len(collector.outcomes) < collector.frames - len(collector.unsent)):
        lost = collector.judge_lost
        sandbox.limits.forget(judge.pid)
        judge.restart()  # busy past the deadline (its tests are TIMEOUT), or dead
        sandbox.limits.remember(judge.pid)
        if lost:
            return {"id": pair["id"], "requeue": "the judge died"}, "the judge died"
    if not collector.ready and collector.stop == "eof" and status is not None and os.WIFEXITED(status) and os.WEXITSTATUS(status) == SETUP_FAILED:
        return {"id": pair["id"], "requeue": "the candidate's process could not be set up"}, "child setup failed"
    filler = _filler(collector.stop, collector.timed_out, status)
    outcomes = [collector.outcomes.get(i) or ("TIMEOUT" if collector.timed_out else filler) for i in range(len(plans))]
    if len(collector.outcomes) < len(plans) and filler != "FAIL:SystemExit":
        recycle.append("%s (%s)" % ("timeout" if collector.timed_out else collector.stop or "child died", filler))
    sandbox.children.add(pid)
    left, dead = leftovers.sweep(sandbox.trusted(judge), sandbox.children, sandbox.places, sandbox.scratch)
    if left:
        recycle.append("left " + left)
    changed, unwell = sandbox.limits.check()
    if dead or unwell or server.gone:
        recycle.append("a trusted process died or was stopped")
    if changed:
        recycle.append("limits of trusted process(es) %s changed" % changed)
    result = {
        "id": pair["id"],
        "outcomes": outcomes,
        "passed": bool(outcomes) and all(o == "pass" for o in outcomes),
        "durationMs": int((time.monotonic() - started) * 1000),
        "inProcess": [i for i, p in enumerate(plans) if not p.split],
        "observations": _observations(collector, len(plans)),
    }
    if profile:
        t = collector.times
        marks = [("plan", started, planned), ("spawn", planned, spawned), ("start", spawned, t.get("ready")),
                 ("tests", t.get("ready"), t.get("framed")), ("judge", t.get("framed"), t.get("judged")),
                 ("finish", t.get("judged"), finished), ("sweep", finished, time.monotonic())]
        result["profile"] = {k: round((b - a) * 1000, 3) for k, a, b in marks if a is not None and b is not None}
    return result, "; ".join(recycle)
