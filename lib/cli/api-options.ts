import { getConfig } from "@/lib/config";
import { AppError } from "@/lib/errors/app-error";
import { ApiClient } from "./api-client";

// Flags shared by the commands that talk to the API; EXECBOARD_URL and EXECBOARD_TOKEN are
// the defaults.
export const API_OPTIONS = {
  url: { type: "string" },
  token: { type: "string" },
  json: { type: "boolean" },
} as const;

export function apiClient(values: { url?: string; token?: string }, opts: { tokenRequired: boolean }): ApiClient {
  const token = values.token ?? getConfig().EXECBOARD_TOKEN;
  if (!token && opts.tokenRequired) throw new AppError("UNAUTHORIZED", "no API token: pass --token or set EXECBOARD_TOKEN");
  return new ApiClient(values.url ?? getConfig().EXECBOARD_URL, token);
}
