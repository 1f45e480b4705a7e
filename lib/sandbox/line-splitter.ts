// Splits a byte stream into newline-terminated lines, refusing lines longer than a cap so a
// runaway writer cannot make us buffer without bound.
export class LineSplitter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(private readonly maxLineBytes: number) {}

  /** Returns the complete lines in `chunk`; throws when a line exceeds the cap. */
  push(chunk: Buffer): string[] {
    const lines: string[] = [];
    let start = 0;
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
      this.pending.push(chunk.subarray(start, nl));
      lines.push(Buffer.concat(this.pending).toString("utf8"));
      this.pending = [];
      this.pendingBytes = 0;
      start = nl + 1;
    }
    if (start < chunk.length) {
      this.pending.push(chunk.subarray(start));
      this.pendingBytes += chunk.length - start;
    }
    if (this.pendingBytes > this.maxLineBytes) {
      throw new Error(`line longer than ${this.maxLineBytes} bytes`);
    }
    for (const line of lines) {
      if (Buffer.byteLength(line) > this.maxLineBytes) throw new Error(`line longer than ${this.maxLineBytes} bytes`);
    }
    return lines;
  }
}
