import { AppError } from "@/lib/errors/app-error";

// Everything wrong with a vendor's file is the same kind of error; one constructor keeps the
// code consistent across the zip, npy and submission layers.
export function invalidUpload(message: string, details?: unknown): AppError {
  return new AppError("INVALID_UPLOAD", message, details);
}
