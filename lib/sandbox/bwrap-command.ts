import { existsSync, lstatSync, readlinkSync } from "node:fs";

// The bubblewrap options for one process-backend lane: new PID, network, IPC, UTS, mount and
// cgroup namespaces, the runner as PID 1, a read-only root holding only /usr (plus the
// merged-/usr symlinks), the runner files, /proc, a minimal /dev, a fresh /dev/mqueue, a 16 MiB
// /tmp and a 1 MiB /dev/shm, an empty environment but LANG and PATH, a new session, and death
// with its parent. Host files outside /usr are not visible.
//
// Started by root ("privileged"), bubblewrap needs no user namespace: the runner starts as uid
// 0 with only CAP_KILL, CAP_SETUID and CAP_SETGID, and gives the judge and every candidate a
// uid of its own (so a candidate can signal, trace or re-limit no trusted process); nested
// user namespaces are refused by the candidates' seccomp filter. Unprivileged, bubblewrap maps
// a single uid into a new user namespace (with further user namespaces disabled) and every
// process of the lane shares it.

export const RUNNER_MOUNT = "/opt/execboard";
const TMP_BYTES = 16 * 1024 * 1024;
const SHM_BYTES = 1024 * 1024;
/** The sandbox's scratch places, which the runner checks are there and empty after each pair. */
export const SCRATCH_PLACES = "/tmp,/dev/shm,/dev/mqueue";

function rootEntries(): string[] {
  // Debian's merged /usr: /bin, /lib, /lib64, /sbin are symlinks into /usr; bind what is not.
  const args: string[] = [];
  for (const entry of ["/bin", "/sbin", "/lib", "/lib64", "/lib32", "/libx32"]) {
    if (!existsSync(entry)) continue;
    if (lstatSync(entry).isSymbolicLink()) args.push("--symlink", readlinkSync(entry), entry);
    else args.push("--ro-bind", entry, entry);
  }
  return args;
}

/** The options, up to and including "--"; the command follows. */
export function bwrapOptions(opts: { runnerDir: string; privileged: boolean }): string[] {
  const users = opts.privileged
    ? ["--cap-drop", "ALL", "--cap-add", "CAP_KILL", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]
    : ["--unshare-user", "--disable-userns", "--cap-drop", "ALL"];
  return [
    ...users,
    "--unshare-pid",
    "--unshare-net",
    "--unshare-ipc",
    "--unshare-uts",
    "--unshare-cgroup-try",
    "--die-with-parent",
    "--new-session",
    "--as-pid-1",
    "--hostname", "sandbox",
    "--ro-bind", "/usr", "/usr",
    ...rootEntries(),
    "--perms", "0755", "--dir", "/opt",
    "--ro-bind", opts.runnerDir, RUNNER_MOUNT,
    "--proc", "/proc",
    "--dev", "/dev",
    "--mqueue", "/dev/mqueue",
    "--size", String(SHM_BYTES), "--perms", "1777", "--tmpfs", "/dev/shm",
    "--size", String(TMP_BYTES), "--perms", "1777", "--tmpfs", "/tmp",
    "--remount-ro", "/",
    "--clearenv",
    "--setenv", "LANG", "C.UTF-8",
    "--setenv", "PATH", "/usr/bin:/bin",
    "--chdir", "/tmp",
    "--",
  ];
}

export function runnerCommand(python: string): string[] {
  return [python, "-I", "-B", `${RUNNER_MOUNT}/runner.py`, "--places", SCRATCH_PLACES];
}
