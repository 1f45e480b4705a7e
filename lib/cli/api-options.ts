import { getConfig } from "@/lib/config";
import { AppError } from "@/lib/errors/app-error";
import { ApiClient } from "./api-client";

// The client of a command that talks to the API, from its --url and --token (declared with
// `api: true`, args.ts); EXECBOARD_URL and EXECBOARD_TOKEN are the defaults.
export function apiClient(values: { url?: string; token?: string }, opts: { tokenRequired: boolean }): ApiClient {
  const token = values.token ?? getConfig().EXECBOARD_TOKEN;
  if (!token && opts.tokenRequired) throw new AppError("UNAUTHORIZED", "no API token: pass --token or set EXECBOARD_TOKEN");
  return new ApiClient(values.url ?? getConfig().EXECBOARD_URL, token);
}
