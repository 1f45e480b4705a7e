import { AppError } from "@/lib/errors/app-error";
import { apiErrorFrom } from "./api-error";

// A small client for the ExecBoard HTTP API, used by the CLI commands that act as a vendor.
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    private readonly token?: string,
  ) {}

  private headers(): Record<string, string> {
    return this.token ? { authorization: `Bearer ${this.token}` } : {};
  }

  async request<T>(method: string, path: string, body?: BodyInit): Promise<T> {
    let res: Response;
    try {
      res = await fetch(new URL(path, this.baseUrl), { method, headers: this.headers(), body });
    } catch (e) {
      throw new AppError("INTERNAL", `cannot reach ${this.baseUrl}: ${(e as Error).message}`);
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: reported below */
    }
    if (!res.ok) throw apiErrorFrom(res, json, text);
    return json as T;
  }
}
