import crypto from "node:crypto";
import fs from "node:fs";
import { Readable } from "node:stream";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import busboy from "busboy";
import type { z } from "zod";
import { AppError } from "@/lib/errors/app-error";
import { prepareSpool, spoolPath as newSpoolPath } from "@/lib/storage/spool";
import { textProblem } from "@/lib/text/plain-text";
import { lingerThenCancel } from "./linger";

/** The one file part a form may carry. */
export interface FormFileSpec {
  /** Its field name, e.g. "file". */
  field: string;
  /** The most bytes it may have; a larger one is refused (413) while it arrives. */
  maxBytes: number;
  /** What it is, for messages: "the .npz or ranking .jsonl upload". */
  what: string;
}

/** A file part as it landed on disk: hashed and counted while it was written. */
export interface SpooledFile {
  path: string;
  bytes: number;
  sha256: string;
  /** The file name the client gave, if any. */
  filename: string | null;
  /** Deletes the spooled bytes (a caller that keeps them has hard-linked them first). */
  discard(): Promise<void>;
}

export interface ReadFormOptions {
  file?: FormFileSpec;
  /** The most bytes one text field may have (default 64 KiB). */
  maxFieldBytes?: number;
  /** What the form should hold, for the message when the body is not multipart. */
  expected: string;
}

const DEFAULT_FIELD_BYTES = 64 * 1024;
const MAX_FIELDS = 20;
// Boundaries, part headers and the text fields around the file.
const FORM_OVERHEAD = 1024 * 1024;

// Reads a multipart/form-data request without holding it in memory: text fields are collected
// (each bounded, checked for text Postgres cannot store) and parsed with `schema`; the one file
// part is streamed to the spool on disk with a running byte limit and its SHA-256. A request
// whose Content-Length already exceeds what the form may carry is refused before a byte is read.
// On any refusal nothing is left on disk. The caller owns the returned file and must discard it.
export async function readForm<S extends z.ZodType>(
  request: Request,
  schema: S,
  options: ReadFormOptions,
): Promise<{ fields: z.infer<S>; file: SpooledFile | null }> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    lingerThenCancel(request.body);
    throw new AppError("BAD_REQUEST", `expected multipart/form-data with ${options.expected}`);
  }
  const maxField = options.maxFieldBytes ?? DEFAULT_FIELD_BYTES;
  const limit = (options.file?.maxBytes ?? 0) + FORM_OVERHEAD + MAX_FIELDS * maxField;
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    lingerThenCancel(request.body);
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      options.file
        ? `the request is ${declared} bytes; ${options.file.what} may be at most ${options.file.maxBytes} bytes (larger files go through resumable uploads: POST /api/v1/uploads)`
        : `the request is ${declared} bytes; this form may be at most ${limit}`,
    );
  }
  if (!request.body) throw new AppError("BAD_REQUEST", `the request has no body; expected ${options.expected}`);
  if (options.file) await prepareSpool();

  const raw: Record<string, string> = {};
  let file: SpooledFile | null = null;
  let spoolPath: string | null = null;
  // The file part being written, and its writing; on a refusal both are stopped and awaited so
  // that nothing is written after the spooled bytes are deleted.
  let activeFile: Readable | null = null;
  let pendingFile: Promise<void> | null = null;
  let spoolClosed: Promise<void> | null = null;
  let failed = false;
  try {
    await new Promise<void>((resolve, reject) => {
      let parser: busboy.Busboy;
      try {
        parser = busboy({
          headers: { "content-type": contentType },
          limits: { fieldSize: maxField, fields: MAX_FIELDS, files: 1, parts: MAX_FIELDS + 1, fileSize: (options.file?.maxBytes ?? 0) + 1 },
        });
      } catch (e) {
        reject(new AppError("BAD_REQUEST", `could not parse the multipart body: ${(e as Error).message}`));
        return;
      }
      const source = Readable.fromWeb(request.body as unknown as NodeWebStream<Uint8Array>);
      const fail = (e: unknown) => {
        if (failed) return;
        failed = true;
        source.unpipe(parser);
        source.destroy();
        activeFile?.destroy(e instanceof Error ? e : new Error(String(e)));
        reject(e);
      };
      parser.on("field", (name, value, info) => {
        if (info.valueTruncated) return fail(new AppError("PAYLOAD_TOO_LARGE", `form field \`${name}\` is longer than ${maxField} bytes`));
        if (Object.hasOwn(raw, name)) return fail(new AppError("BAD_REQUEST", `form field \`${name}\` appears more than once`));
        const problem = textProblem(value, "multiline");
        if (problem) return fail(new AppError("BAD_REQUEST", `form field \`${name}\` ${problem}`));
        raw[name] = value;
      });
      parser.on("file", (name, stream, info) => {
        const spec = options.file;
        if (!spec || name !== spec.field) {
          stream.resume();
          return fail(new AppError("BAD_REQUEST", spec ? `unexpected file in form field \`${name}\`; send ${spec.what} as \`${spec.field}\`` : `this form takes no file (got one in \`${name}\`)`));
        }
        activeFile = stream;
        pendingFile = spool(stream, spec, info.filename ?? null).then(
          (f) => {
            file = f;
          },
          (e) => fail(e),
        );
      });
      parser.on("filesLimit", () => fail(new AppError("BAD_REQUEST", "the form carries more than one file")));
      parser.on("fieldsLimit", () => fail(new AppError("BAD_REQUEST", `the form has more than ${MAX_FIELDS} fields`)));
      parser.on("partsLimit", () => fail(new AppError("BAD_REQUEST", `the form has more than ${MAX_FIELDS + 1} parts`)));
      parser.on("error", (e) => fail(new AppError("BAD_REQUEST", `could not parse the multipart body: ${(e as Error).message}`)));
      parser.on("close", () => {
        if (failed) return;
        (pendingFile ?? Promise.resolve()).then(() => {
          if (!failed) resolve();
        });
      });
      source.on("error", (e) => fail(new AppError("BAD_REQUEST", `the request body ended early: ${e.message}`)));
      source.pipe(parser);

      // Everything up to the first byte is synchronous: the byte count and the limit apply from
      // the file part's first chunk, whatever else the event loop is doing.
      function spool(stream: Readable, spec: FormFileSpec, filename: string | null): Promise<SpooledFile> {
        const path = newSpoolPath();
        spoolPath = path;
        const hash = crypto.createHash("sha256");
        let bytes = 0;
        const out = fs.createWriteStream(path, { flags: "wx" });
        spoolClosed = new Promise<void>((closed) => out.once("close", () => closed()));
        return new Promise<SpooledFile>((done, bad) => {
          const stop = (e: Error) => {
            stream.removeAllListeners("data");
            stream.resume();
            out.destroy();
            bad(e);
          };
          stream.on("data", (chunk: Buffer) => {
            bytes += chunk.length;
            if (bytes > spec.maxBytes) {
              const e = new AppError("PAYLOAD_TOO_LARGE", `${spec.what} is larger than ${spec.maxBytes} bytes (larger files go through resumable uploads: POST /api/v1/uploads)`);
              fail(e); // stops reading the request at once
              stop(e);
              return;
            }
            hash.update(chunk);
            if (!out.write(chunk)) {
              stream.pause();
              out.once("drain", () => stream.resume());
            }
          });
          stream.on("end", () => out.end());
          stream.on("error", stop);
          out.on("error", (e) => {
            stream.destroy();
            bad(e);
          });
          out.on("finish", () =>
            done({ path, bytes, sha256: hash.digest("hex"), filename, discard: () => fs.promises.rm(path, { force: true }) }),
          );
        });
      }
    });
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const message = parsed.error.issues.map((i) => (i.path.length ? `form field \`${i.path.join(".")}\`: ${i.message}` : i.message)).join("; ");
      throw new AppError("BAD_REQUEST", message);
    }
    return { fields: parsed.data as z.infer<S>, file };
  } catch (e) {
    failed = true;
    await (pendingFile as Promise<void> | null)?.catch(() => undefined);
    await spoolClosed; // the file is opened asynchronously: remove it only once it is closed
    if (spoolPath) await fs.promises.rm(spoolPath, { force: true });
    throw e;
  }
}
