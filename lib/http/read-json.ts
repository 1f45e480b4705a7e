import type { z } from "zod";
import { AppError } from "@/lib/errors/app-error";

// Parses a JSON request body with a zod schema. An empty body counts as `{}`, so endpoints
// whose fields are all optional can be called without one.
export async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const text = await request.text();
  let value: unknown = {};
  if (text.trim() !== "") {
    try {
      value = JSON.parse(text);
    } catch (e) {
      throw new AppError("BAD_REQUEST", `request body is not valid JSON: ${(e as Error).message}`);
    }
  }
  return schema.parse(value);
}
