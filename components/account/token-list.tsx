import type { TokenView } from "@/lib/auth/token-view";
import { TokenActions } from "./token-forms";

// The caller's API tokens, server-rendered (readable without JavaScript): cards that stack on a
// phone. Only the rotate/revoke buttons are client components.
const STATUS_TONE: Record<TokenView["status"], string> = {
  active: "border-emerald-200 bg-emerald-50 text-emerald-800",
  expired: "border-amber-200 bg-amber-50 text-amber-900",
  revoked: "border-slate-300 bg-slate-100 text-slate-700",
};

export function When({ iso, empty = "never" }: { iso: string | null; empty?: string }) {
  if (!iso) return <>{empty}</>;
  return <time dateTime={iso}>{iso.slice(0, 16).replace("T", " ")} UTC</time>;
}

export function TokenList({ tokens }: { tokens: TokenView[] }) {
  return (
    <ul aria-label="Your API tokens" className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {tokens.map((t) => (
        <li key={t.id} data-token-prefix={t.prefix} className="grid gap-3 p-4 sm:grid-cols-[1fr_auto] sm:items-start">
          <div className="min-w-0 space-y-1">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-semibold text-slate-900">{t.name || <span className="italic text-slate-500">unnamed</span>}</span>
              <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800">{t.prefix}…</code>
              <span data-testid="token-status" className={`whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium ${STATUS_TONE[t.status]}`}>
                {t.status}
              </span>
              {t.current && <span className="whitespace-nowrap rounded-full border border-sky-200 bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-900">this session</span>}
            </p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-600 sm:grid-cols-[auto_1fr_auto_1fr]">
              <dt>Created</dt>
              <dd>
                <When iso={t.createdAt} />
              </dd>
              <dt>Last used</dt>
              <dd>
                <When iso={t.lastUsedAt} />
              </dd>
              <dt>{t.status === "expired" ? "Expired" : "Expires"}</dt>
              <dd data-testid="token-expires">
                <When iso={t.expiresAt} empty="no expiry" />
              </dd>
              {t.revokedAt && (
                <>
                  <dt>Revoked</dt>
                  <dd>
                    <When iso={t.revokedAt} />
                  </dd>
                </>
              )}
            </dl>
          </div>
          <TokenActions token={t} />
        </li>
      ))}
    </ul>
  );
}
