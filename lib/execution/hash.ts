import crypto from "node:crypto";

export function sha256(text: string): string {
  return crypto.createHash("sha256").update(text, "utf8").digest("hex");
}

// A test suite's identity: its asserts in order. JSON keeps boundaries between tests exact.
export function hashTests(tests: readonly string[]): string {
  return sha256(JSON.stringify(tests));
}
