"""After each pair: nothing the candidate started or wrote may survive into the next pair, and
nothing it did may have changed the trusted processes.

In a sandbox of our own, where the runner is PID 1 of a PID namespace (the container, or
bubblewrap with --as-pid-1), every process but the runner, the fork server and the judge is
killed, whoever its parent (setsid'd daemons, clone(CLONE_PARENT) siblings); the scratch
places the sandbox was started with (/tmp, /dev/mqueue, /dev/shm: each must be there and be a
mount of its own) and System V IPC are checked empty. The resource limits, nice value and
scheduling policy of the trusted processes are compared with those they started with.
Anything found makes the runner ask to be recycled, so the next pair starts in a fresh
sandbox. A missing scratch place is an error, never a clean bill.
"""

import os
import shutil
import stat
import time

SCRATCH_TYPES = {"/tmp": "tmpfs", "/dev/shm": "tmpfs", "/dev/mqueue": "mqueue"}
_IPC = ("/proc/sysvipc/shm", "/proc/sysvipc/msg", "/proc/sysvipc/sem")


def own_namespace():
    return os.getpid() == 1


def scratch_problem(places):
    """Why the sandbox's scratch places cannot be swept (each must be a mount of its expected
    type, so nothing written there can outlive the sandbox unseen), or None."""
    try:
        with open("/proc/self/mountinfo") as f:
            mounts = {}
            for line in f:
                fields = line.split()
                sep = fields.index("-")
                mounts[fields[4]] = fields[sep + 1]
    except (OSError, ValueError, IndexError):
        return "cannot read /proc/self/mountinfo"
    for place in places:
        want = SCRATCH_TYPES.get(place)
        if want is None:
            return "unknown scratch place %s" % place
        if mounts.get(place) != want:
            return "%s is not a %s mount of its own (found %s)" % (place, want, mounts.get(place, "nothing"))
    for path in _IPC:
        if not os.path.exists(path):
            return "%s is missing" % path
    return None


def kill_strays(trusted, children):
    """SIGKILLs every process but the `trusted` ones and reaps those that were ours (orphans are
    re-parented to us, PID 1). `children` are the pids of the candidate children spawned so far,
    each SIGKILLed at the end of its pair: one still there is dying (tearing down its memory)
    and the fork server's to reap, and is only killed again; any other process is a stray,
    whoever its parent. Returns (how many strays there were, the trusted pids we found dead)."""
    found, dead = set(), reap_children(trusted)  # orphans that already ended
    for _ in range(200):
        pids = _pids()
        present = set(pids)
        children &= present  # forget the reaped ones: their pids may be reused by anyone
        for pid in children:
            _kill(pid)
        strays = [p for p in pids if p not in trusted and p not in children and not _zombie(p)]
        if not strays:
            return len(found), dead
        found.update(strays)
        for pid in strays:
            _kill(pid)
        dead |= reap_children(trusted)
        time.sleep(0.001)
    return len(found) + 1, dead  # still there after all rounds: certainly recycle


def _kill(pid):
    try:
        os.kill(pid, 9)
    except (ProcessLookupError, PermissionError):
        pass


def reap_children(trusted):
    """Reaps every dead child of ours; returns the trusted pids among them."""
    dead = set()
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return dead
        if pid == 0:
            return dead
        if pid in trusted:
            dead.add(pid)


def _read(path):
    fd = os.open(path, os.O_RDONLY)
    try:
        return os.read(fd, 1 << 16)
    finally:
        os.close(fd)


def _zombie(pid):
    state = _stat(pid)
    return state is None or state[0] in (b"Z", b"X")


def _stat(pid):
    """(state, nice, policy) of `pid`, or None when it is gone."""
    try:
        fields = _read("/proc/%d/stat" % pid).rsplit(b")", 1)[1].split()
        return fields[0], fields[16], fields[38]
    except (OSError, IndexError):
        return None


def _pids():
    return [int(p) for p in os.listdir("/proc") if p.isdigit()]


class Limits:
    """The resource limits, nice value and scheduling policy trusted processes started with, and
    whether they are still alive and running."""

    def __init__(self):
        self.known = {}

    def remember(self, pid):
        self.known[pid] = self._read(pid)

    def forget(self, pid):
        self.known.pop(pid, None)

    def check(self):
        """(trusted pids whose limits changed, trusted pids dead or stopped)."""
        changed, unwell = [], []
        for pid, before in self.known.items():
            now = self._read(pid)
            if now[1] is None or now[1][0] not in (b"S", b"R", b"D"):
                unwell.append(pid)
            elif before[0] is not None and (now[0], now[1][1:]) != (before[0], before[1][1:]):
                changed.append(pid)
        return changed, unwell

    def changed(self):
        return self.check()[0]

    @staticmethod
    def _read(pid):
        try:
            limits = _read("/proc/%d/limits" % pid)
        except OSError:  # not ours to read (outside a sandbox of our own): nothing to compare
            limits = None
        return limits, _stat(pid)


def wipe_dirs(dirs):
    """Empties directories; returns how many entries there were."""
    found = 0
    for d in dirs:
        entries = os.listdir(d)  # a missing scratch place is an error for the caller
        for name in entries:
            found += 1
            _remove(os.path.join(d, name))
    return found


def _remove(path):
    try:
        st = os.lstat(path)
    except OSError:
        return
    if stat.S_ISDIR(st.st_mode):
        # A candidate may have left a directory without write or search permission.
        for root, dirs, _ in os.walk(path):
            for d in dirs:
                try:
                    os.chmod(os.path.join(root, d), 0o700, follow_symlinks=False)
                except OSError:
                    pass
        try:
            os.chmod(path, 0o700)
        except OSError:
            pass
        shutil.rmtree(path, ignore_errors=True)
    else:
        try:
            os.unlink(path)
        except OSError:
            pass


def ipc_objects():
    """How many System V IPC objects exist in the sandbox's IPC namespace."""
    return sum(len([row for row in _read(path).splitlines()[1:] if row.strip()]) for path in _IPC)


def sweep(trusted, children, places, scratch):
    """Returns (what the pair left behind or changed, "" when nothing; trusted pids found dead).
    `children`: the candidate children spawned so far (kill_strays keeps it to those still
    there); `places`: the sandbox's scratch places (in a sandbox of our own); `scratch`: the
    directory dedicated to candidates otherwise."""
    left, dead = [], set()
    try:
        if own_namespace():
            strays, dead = kill_strays(trusted, children)
            if strays:
                left.append("%d process(es)" % strays)
            files = sum(len(os.listdir(p)) for p in places)
            ipc = ipc_objects()
            if ipc:
                left.append("%d IPC object(s)" % ipc)
        else:
            files = wipe_dirs([scratch]) if scratch else 0
    except OSError as exc:
        return "a scratch place could not be checked (%s)" % exc, dead
    if files:
        left.append("%d file(s)" % files)
    return ", ".join(left), dead
