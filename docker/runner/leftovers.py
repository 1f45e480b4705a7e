"""After each pair: nothing the candidate started or wrote may survive into the next pair.

Only in a sandbox of our own, where the runner is PID 1 of a PID namespace (the container,
or bubblewrap with --as-pid-1): every other process there is the fork server or something a
candidate started (setsid'd grandchildren included), and /tmp, /dev/shm, /dev/mqueue and
System V IPC belong to the sandbox. Anything found is removed, and the runner then asks to be
recycled, so the next pair starts in a fresh sandbox anyway.
"""

import ctypes
import os
import shutil
import stat
import time

import exec_filter

SCRATCH_DIRS = ("/tmp", "/dev/shm", "/dev/mqueue")
IPC_RMID = 0
_IPC = (("shm", "shmctl"), ("msg", "msgctl"), ("sem", "semctl"))


def own_namespace():
    return os.getpid() == 1


def kill_strays(spare):
    """SIGKILLs every process but us and `spare` (the fork server) and reaps them (orphans are
    re-parented to us, PID 1). Returns (how many there were, whether the server was reaped)."""
    found, server_gone = set(), False
    for _ in range(200):
        # The server's own children are the pair's candidate child, already SIGKILLed by the
        # runner (dying, or dead and waiting to be reaped); anything else a candidate started
        # was re-parented to us when its parent died.
        strays = [p for p in _pids() if p not in (1, spare) and _parent(p) != spare]
        if not strays:
            return len(found), server_gone
        found.update(strays)
        for pid in strays:
            try:
                os.kill(pid, 9)
            except (ProcessLookupError, PermissionError):
                pass
        server_gone = reap_children(spare) or server_gone
        time.sleep(0.001)
    return len(found) + 1, server_gone  # still there after all rounds: certainly recycle


def reap_children(spare):
    """Reaps every dead child of ours; True when one of them was the fork server."""
    server_gone = False
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return server_gone
        if pid == 0:
            return server_gone
        server_gone = server_gone or pid == spare


def server_healthy(pid):
    """The fork server is alive and not stopped (a candidate may SIGSTOP or kill it)."""
    try:
        with open("/proc/%d/stat" % pid, "rb") as f:
            state = f.read().rsplit(b")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state in (b"S", b"R", b"D")


def _parent(pid):
    try:
        with open("/proc/%d/stat" % pid, "rb") as f:
            return int(f.read().rsplit(b")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return None


def _pids():
    return [int(p) for p in os.listdir("/proc") if p.isdigit()]


def wipe_dirs(dirs):
    """Empties scratch directories; returns how many entries there were."""
    found = 0
    for d in dirs:
        try:
            entries = os.listdir(d)
        except OSError:
            continue
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


def clear_ipc():
    """Removes System V IPC objects left in the sandbox's IPC namespace; returns how many."""
    found = 0
    libc = exec_filter.LIBC
    for kind, ctl in _IPC:
        try:
            with open("/proc/sysvipc/" + kind) as f:
                rows = f.read().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            fields = row.split()
            if len(fields) < 2:
                continue
            found += 1
            if libc is not None:
                ident = int(fields[1])
                if kind == "sem":
                    getattr(libc, ctl)(ident, 0, IPC_RMID)
                else:
                    getattr(libc, ctl)(ident, IPC_RMID, ctypes.c_void_p(0))
    return found


def sweep(spare, scratch):
    """Returns (a description of what the pair left behind, empty when nothing; whether the
    fork server was found dead)."""
    left, server_gone = [], False
    if own_namespace():
        strays, server_gone = kill_strays(spare)
        if strays:
            left.append("%d process(es)" % strays)
        files = wipe_dirs(SCRATCH_DIRS)
        ipc = clear_ipc()
        if ipc:
            left.append("%d IPC object(s)" % ipc)
    else:
        files = wipe_dirs([scratch]) if scratch else 0
    if files:
        left.append("%d file(s)" % files)
    return ", ".join(left), server_gone
