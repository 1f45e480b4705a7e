import { expect } from "vitest";
import { AppError } from "@/lib/errors/app-error";

/** The message of the INVALID_UPLOAD refusal that `fn` throws or rejects with (fails the test if none). */
export async function refusal(fn: () => unknown): Promise<string> {
  try {
    await fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).code).toBe("INVALID_UPLOAD");
    return (e as AppError).message;
  }
  throw new Error("expected a refusal");
}
