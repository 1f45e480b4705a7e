import { execFile } from "node:child_process";
import crypto from "node:crypto";
import http from "node:http";
import { z } from "zod";
import { createUser } from "@/lib/auth/create-user";
import type { Role } from "@/lib/auth/principal";
import { baseUrl } from "./helpers";

// Shared by the accounts*/quota* integration tests: HTTP calls with a token or a session
// cookie, the CLI as a subprocess, and validation against the served OpenAPI document.
export async function newAccount(role: Role) {
  return createUser({ email: `${role}-${crypto.randomUUID()}@test.execboard`, role });
}

export interface ApiCall {
  token?: string;
  cookie?: string;
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

// Answers are JSON of many shapes; the tests check them field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function api(path: string, opts: ApiCall = {}): Promise<{ status: number; headers: Headers; body: any }> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.cookie) headers.cookie = `execboard_session=${opts.cookie}`;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${baseUrl()}${path}`, {
    method: opts.method ?? "GET",
    headers,
    body: opts.body === undefined ? undefined : typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

export function cli(args: string[], env: Record<string, string | undefined> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile("node", ["bin/execboard.mjs", ...args], { env: { ...process.env, EXECBOARD_URL: baseUrl(), EXECBOARD_TOKEN: "", ...env } }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

type Doc = { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }> }>>; components: { schemas: Record<string, unknown> } };

// A zod validator for what the served document says an operation answers with a status.
export function documentedResponse(doc: Doc, method: string, path: string, status: number): z.ZodType {
  const response = doc.paths[path]?.[method]?.responses[String(status)];
  if (!response) throw new Error(`${method.toUpperCase()} ${path} documents no ${status} response`);
  const schema = response.content?.["application/json"]?.schema;
  if (!schema) throw new Error(`${method.toUpperCase()} ${path} ${status} has no JSON schema`);
  const rewrite = (v: unknown) => JSON.parse(JSON.stringify(v).replaceAll("#/components/schemas/", "#/$defs/"));
  return z.fromJSONSchema({ ...rewrite(schema), $defs: rewrite(doc.components.schemas) });
}

export function expectMatches(validator: z.ZodType, value: unknown): void {
  const r = validator.safeParse(value);
  if (!r.success) throw new Error(`answer does not match the documented schema: ${r.error.message}\n${JSON.stringify(value).slice(0, 800)}`);
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One HTTP request sent from the loopback address `from` (127.0.0.x): the web process counts
 * per-address limits by the connection's own address, so a test that spends a window uses an
 * address of its own and leaves the other suites' (127.0.0.1) alone.
 */
export function rawRequest(path: string, opts: { from?: string; method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<RawAnswer> {
  const url = new URL(path, baseUrl());
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method: opts.method ?? "GET", headers: opts.headers, localAddress: opts.from, agent: false },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(opts.body);
  });
}

/**
 * A request whose body streams `bytes` bytes after `prefix` (as fast as the server takes them) and
 * stops at the answer: what came back, and how much had been sent by then. Without a
 * Content-Length header the body goes chunked.
 */
export function streamingRequest(
  path: string,
  opts: { method?: string; headers: Record<string, string>; prefix?: string; bytes: number; from?: string },
): Promise<RawAnswer & { sent: number }> {
  const url = new URL(path, baseUrl());
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method: opts.method ?? "POST", localAddress: opts.from, agent: false, headers: opts.headers });
    // A connection that ends without an answer fails the call, saying how far the upload got
    // (a write error once the answer has come is expected: the server stopped reading).
    const lost = (why: string) => !answered && reject(new Error(`${path}: the connection ended after ${sent} bytes were sent, with no answer (${why})`));
    req.on("close", () => lost("closed"));
    req.on("response", (r) => {
      answered = true;
      let body = "";
      r.setEncoding("utf8");
      r.on("data", (c) => (body += c));
      r.on("end", () => {
        req.destroy();
        resolve({ status: r.statusCode ?? 0, headers: r.headers, body, sent });
      });
      r.on("error", (e) => reject(new Error(`${path}: the ${r.statusCode} answer was cut off after ${body.length} characters (${e.message})`)));
    });
    req.on("error", (e) => (sent > 0 ? lost((e as NodeJS.ErrnoException).code ?? e.message) : reject(e)));
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const pump = () => {
      while (sent < opts.bytes && !req.destroyed) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!req.destroyed) req.end();
    };
    if (opts.prefix) req.write(opts.prefix);
    pump();
  });
}

/** A loopback source address that no other test is likely to use in the same window. */
export function freshLoopbackAddress(): string {
  return `127.0.${1 + crypto.randomInt(250)}.${1 + crypto.randomInt(250)}`;
}
