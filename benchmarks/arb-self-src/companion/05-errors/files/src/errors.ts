// What is wrong with an expression: the field (null for the expression as a whole), the text
// that is wrong, and a message that names both.
export class CronError extends Error {
  constructor(
    readonly field: string | null,
    readonly value: string,
    message: string,
  ) {
    super(field ? `${field}: ${message}` : message);
    this.name = "CronError";
  }
}
