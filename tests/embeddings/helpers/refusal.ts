import { expect } from "vitest";
import { AppError } from "@/lib/errors/app-error";

/** The message of the INVALID_UPLOAD refusal that `fn` throws (fails the test if it throws none). */
export function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).code).toBe("INVALID_UPLOAD");
    return (e as AppError).message;
  }
  throw new Error("expected a refusal");
}
