export async function workerCommand(): Promise<number> {
  await import("@/workers/index");
  // The worker runs until SIGTERM/SIGINT; keep the CLI from exiting.
  return new Promise<number>(() => undefined);
}
