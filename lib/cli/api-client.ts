import { AppError } from "@/lib/errors/app-error";
import { apiErrorFrom } from "./api-error";

/** The server could not be reached at all (no HTTP answer): worth retrying. */
export class UnreachableError extends AppError {}

export interface RequestInit {
  /** Sent as JSON (content-type application/json). */
  json?: unknown;
  /** Raw bytes (content-type application/octet-stream) or a form. */
  body?: Uint8Array | FormData;
  headers?: Record<string, string>;
}

// The CLI's one client for the ExecBoard HTTP API, for every command that acts through it (as
// a vendor, a maintainer or an organisation owner) and for resumable uploads
// (resumable-upload.ts). An error answer becomes an ApiError with the server's code, message and
// status (api-error.ts); no answer at all becomes an UnreachableError.
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    private readonly token?: string,
  ) {}

  /** GET a file: its bytes and the answer's headers (an error answer throws as request() does). */
  async download(path: string): Promise<{ bytes: Buffer; headers: Headers }> {
    let res: Response;
    try {
      res = await fetch(new URL(path, this.baseUrl), { headers: this.token ? { authorization: `Bearer ${this.token}` } : {} });
    } catch (e) {
      throw new UnreachableError("INTERNAL", `cannot reach ${this.baseUrl}: ${(e as Error).message}`);
    }
    if (!res.ok) {
      const text = await res.text();
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        /* worded by apiErrorFrom */
      }
      throw apiErrorFrom(res, json, text);
    }
    return { bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
  }

  async request<T>(method: string, path: string, init: RequestInit = {}): Promise<T> {
    const headers: Record<string, string> = { ...(this.token ? { authorization: `Bearer ${this.token}` } : {}), ...(init.headers ?? {}) };
    let body: BodyInit | undefined;
    if (init.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(init.json);
    } else if (init.body instanceof FormData) {
      body = init.body;
    } else if (init.body) {
      headers["content-type"] = "application/octet-stream";
      body = init.body as unknown as BodyInit; // a Buffer view; fetch sends its bytes
    }
    let res: Response;
    try {
      res = await fetch(new URL(path, this.baseUrl), { method, headers, body });
    } catch (e) {
      throw new UnreachableError("INTERNAL", `cannot reach ${this.baseUrl}: ${(e as Error).message}`);
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: apiErrorFrom words it */
    }
    if (!res.ok) throw apiErrorFrom(res, json, text);
    return json as T;
  }
}
