// Progress lines on stderr: rewritten in place on a terminal, otherwise printed now and then
// (every 10% or 15 s) so logs of scripted runs stay short.
const GiB = 1024 ** 3, MiB = 1024 ** 2;

export function formatBytes(n: number): string {
  if (n >= GiB) return `${(n / GiB).toFixed(2)} GiB`;
  if (n >= MiB) return `${(n / MiB).toFixed(1)} MiB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${n} B`;
}

export class ProgressLine {
  private readonly tty = Boolean(process.stderr.isTTY);
  private lastPrinted = 0;
  private lastFraction = -1;
  private open = false;

  /** `fraction` in [0, 1] decides when a non-terminal prints; `force` prints regardless. */
  update(text: string, fraction: number, force = false): void {
    if (this.tty) {
      process.stderr.write(`\r\x1b[2K${text}`);
      this.open = true;
      return;
    }
    const now = Date.now();
    if (force || fraction >= 1 || fraction - this.lastFraction >= 0.1 || now - this.lastPrinted >= 15_000) {
      process.stderr.write(`${text}\n`);
      this.lastPrinted = now;
      this.lastFraction = fraction;
    }
  }

  /** Ends the line in place (a terminal), so the next output starts on a fresh line. */
  done(text?: string): void {
    if (this.tty && this.open) process.stderr.write(text ? `\r\x1b[2K${text}\n` : "\n");
    else if (text) process.stderr.write(`${text}\n`);
    this.open = false;
  }
}

export function transferLine(verb: string, done: number, total: number, startedAt: number, startBytes: number): string {
  const seconds = Math.max(0.001, (Date.now() - startedAt) / 1000);
  const rate = (done - startBytes) / seconds;
  const pct = total > 0 ? (100 * done) / total : 100;
  const eta = rate > 0 && done < total ? `, ${Math.ceil((total - done) / rate)} s left` : "";
  return `${verb} ${formatBytes(done)} / ${formatBytes(total)} (${pct.toFixed(1)}%), ${formatBytes(rate)}/s${eta}`;
}
