import { randomBytes } from "node:crypto";
import os from "node:os";

// Who owns a sandbox container or lane cgroup. A random id per process: unlike host/pid it
// stays unique and unmistakable across PID and UTS namespaces (two workers in containers that
// share a hostname, a CLI in a PID namespace of its own), so a sweep can tell its own leftovers
// from another live owner's. The host/pid is kept beside it only for people reading listings.

const INSTANCE_ID = randomBytes(12).toString("hex");

export function sandboxInstanceId(): string {
  return INSTANCE_ID;
}

/** Where this process runs, for operators (never used to decide what a sweep removes). */
export function sandboxOwnerHost(): string {
  return `${os.hostname()}/${process.pid}`;
}
