import type { TokenList, TokenSecret, TokenView } from "@/lib/auth/token-view";
import { TOKEN_ID_PATTERN } from "@/lib/auth/tokens";
import { AppError } from "@/lib/errors/app-error";
import type { ApiClient } from "./api-client";
import { apiClient } from "./api-options";
import { parse } from "./args";

const USAGE = [
  "usage: execboard tokens create [--name <label>] [--expires-in-days <n>] [--json]",
  "       execboard tokens list [--json]",
  "       execboard tokens revoke <id|prefix>",
  "       execboard tokens rotate [<id|prefix>] [--json]   (default: the token in use)",
].join("\n");

// execboard tokens …: the caller's own API tokens, through the API.
export async function tokensCommand(argv: string[]): Promise<number> {
  const { positionals, values } = parse(argv, { api: true, strings: ["name", "expires-in-days"] });
  const [sub, target, ...extra] = positionals;
  if (extra.length) throw new AppError("BAD_REQUEST", USAGE);
  const client = apiClient(values, { tokenRequired: true });
  switch (sub) {
    case "create": {
      const days = values["expires-in-days"];
      if (days !== undefined && !/^\d+$/.test(days)) throw new AppError("BAD_REQUEST", `--expires-in-days must be a whole number of days (got ${days})`);
      const body = { ...(values.name !== undefined ? { name: values.name } : {}), ...(days !== undefined ? { expiresInDays: Number(days) } : {}) };
      return printSecret(await client.request<TokenSecret>("POST", "/api/v1/tokens", { json: body }), values.json);
    }
    case "list": {
      const { tokens } = await client.request<TokenList>("GET", "/api/v1/tokens");
      console.log(values.json ? JSON.stringify(tokens, null, 2) : formatTokens(tokens));
      return 0;
    }
    case "revoke": {
      if (!target) throw new AppError("BAD_REQUEST", USAGE);
      const id = await resolveTokenId(client, target);
      const { info } = await client.request<{ info: TokenView }>("DELETE", `/api/v1/tokens/${id}`);
      console.log(values.json ? JSON.stringify(info, null, 2) : `revoked ${info.prefix}… (${info.id})`);
      return 0;
    }
    case "rotate": {
      const id = target ? await resolveTokenId(client, target) : await currentTokenId(client);
      return printSecret(await client.request<TokenSecret>("POST", `/api/v1/tokens/${id}/rotate`), values.json);
    }
    default:
      throw new AppError("BAD_REQUEST", USAGE);
  }
}

function printSecret(secret: TokenSecret, json: boolean | undefined): number {
  if (json) {
    console.log(JSON.stringify(secret, null, 2));
    return 0;
  }
  const what = secret.replaces ? `rotated: ${secret.replaces} is revoked; new token` : "created token";
  console.log(`${what} ${secret.info.prefix}… (${secret.info.id})${secret.info.name ? ` "${secret.info.name}"` : ""}, expires ${secret.info.expiresAt ?? "never"}`);
  console.log(`API token (shown once, store it now): ${secret.token}`);
  return 0;
}

export function formatTokens(tokens: TokenView[]): string {
  if (tokens.length === 0) return "no tokens";
  const rows = [["id", "prefix", "name", "status", "expires", "last used"]];
  for (const t of tokens) rows.push([t.id, `${t.prefix}…`, t.name || "-", t.current ? `${t.status} (in use)` : t.status, t.expiresAt ?? "never", t.lastUsedAt ?? "never"]);
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows.map((r) => r.map((cell, c) => cell.padEnd(widths[c])).join("  ").trimEnd()).join("\n");
}

// Accepts a token id, or a prefix as `tokens list` shows it (with or without the ellipsis).
async function resolveTokenId(client: ApiClient, target: string): Promise<string> {
  if (TOKEN_ID_PATTERN.test(target)) return target;
  const prefix = target.replace(/…$/, "");
  const { tokens } = await client.request<TokenList>("GET", "/api/v1/tokens");
  const matches = tokens.filter((t) => t.status !== "revoked" && (t.prefix.startsWith(prefix) || prefix.startsWith(t.prefix)));
  if (matches.length === 0) throw new AppError("NOT_FOUND", `no unrevoked token with id or prefix ${target} (see execboard tokens list)`);
  if (matches.length > 1) throw new AppError("BAD_REQUEST", `${target} matches ${matches.length} tokens; use the token id (see execboard tokens list)`);
  return matches[0].id;
}

async function currentTokenId(client: ApiClient): Promise<string> {
  const { tokens } = await client.request<TokenList>("GET", "/api/v1/tokens");
  const current = tokens.find((t) => t.current);
  if (!current) throw new AppError("BAD_REQUEST", "cannot tell which token is in use; pass the token id to rotate");
  return current.id;
}
