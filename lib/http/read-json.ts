import type { z } from "zod";
import { AppError } from "@/lib/errors/app-error";
import { unstorableString } from "@/lib/text/plain-text";
import { lingerThenCancel } from "./linger";

/** The largest JSON request body any endpoint takes (its fields are short: names, reasons, limits). */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;

// Parses a JSON request body with a zod schema. An empty body counts as `{}`, so endpoints
// whose fields are all optional can be called without one. The body is read with a running
// limit (refused by its Content-Length before reading when that already says too much), must
// be UTF-8, and may hold no string that Postgres cannot store (a NUL, an unpaired surrogate):
// each is a 4xx naming the problem, never a 500 from deeper down.
export async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const text = await readBodyText(request, JSON_BODY_MAX_BYTES);
  let value: unknown = {};
  if (text.trim() !== "") {
    try {
      value = JSON.parse(text);
    } catch (e) {
      throw new AppError("BAD_REQUEST", `request body is not valid JSON: ${(e as Error).message}`);
    }
  }
  const bad = unstorableString(value);
  if (bad) throw new AppError("BAD_REQUEST", `${bad.path}: ${bad.problem}`);
  return schema.parse(value);
}

/** The request body as UTF-8 text, at most `maxBytes` of it (413 beyond). */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    lingerThenCancel(request.body);
    throw new AppError("PAYLOAD_TOO_LARGE", `the request body is ${declared} bytes; a JSON body may be at most ${maxBytes} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        lingerThenCancel(reader);
        throw new AppError("PAYLOAD_TOO_LARGE", `the request body is larger than ${maxBytes} bytes, the most a JSON body may be`);
      }
      chunks.push(value);
    }
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new AppError("BAD_REQUEST", "request body is not valid UTF-8");
  }
}
