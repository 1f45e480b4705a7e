import { existsSync, lstatSync, readlinkSync } from "node:fs";

// The bubblewrap command line for one process-backend lane: new user, PID, network, IPC, UTS,
// mount and cgroup namespaces (no further user namespaces inside), the runner as PID 1, a
// read-only root holding only /usr (plus the merged-/usr symlinks), the runner files, /proc,
// a minimal /dev, a 16 MiB /tmp and a 1 MiB /dev/shm, no capabilities, an empty environment but LANG and PATH,
// a new session, and death with its parent. Host files outside /usr are not visible.

export const RUNNER_MOUNT = "/opt/execboard";
const TMP_BYTES = 16 * 1024 * 1024;
const SHM_BYTES = 1024 * 1024;

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

export function bwrapArgs(opts: { runnerDir: string; python: string }): string[] {
  return [
    "--unshare-user",
    "--unshare-pid",
    "--unshare-net",
    "--unshare-ipc",
    "--unshare-uts",
    "--unshare-cgroup-try",
    "--disable-userns",
    "--die-with-parent",
    "--new-session",
    "--as-pid-1",
    "--hostname", "sandbox",
    "--ro-bind", "/usr", "/usr",
    ...rootEntries(),
    "--ro-bind", opts.runnerDir, RUNNER_MOUNT,
    "--proc", "/proc",
    "--dev", "/dev",
    "--size", String(SHM_BYTES), "--tmpfs", "/dev/shm",
    "--size", String(TMP_BYTES), "--perms", "1777", "--tmpfs", "/tmp",
    "--remount-ro", "/",
    "--clearenv",
    "--setenv", "LANG", "C.UTF-8",
    "--setenv", "PATH", "/usr/bin:/bin",
    "--cap-drop", "ALL",
    "--chdir", "/tmp",
    "--",
    opts.python, "-I", "-B", `${RUNNER_MOUNT}/runner.py`,
  ];
}
