import { pageMeta } from "@/components/site/page-meta";
import Link from "next/link";
import { OrganisationCard } from "@/components/account/organisation-list";
import { OutcomeArea } from "@/components/account/outcome";
import { CreateTokenForm } from "@/components/account/token-forms";
import { TokenList } from "@/components/account/token-list";
import { listTokens } from "@/lib/auth/list-tokens";
import { canManageOrganisation } from "@/lib/auth/policies";
import { MAX_TOKEN_DAYS } from "@/lib/auth/tokens";
import { getConfig } from "@/lib/config";
import { listOrganisations } from "@/lib/organisations/list-organisations";
import { requireSignedIn } from "./guard";
import { Section } from "@/components/ui/section";

export const dynamic = "force-dynamic";
export const metadata = pageMeta("Account", "Your ExecBoard account: tokens and organisations.", { noindex: true });

// The signed-in user's account: who they are, their API tokens (create, rotate, revoke) and
// their organisations (owners and admins add and remove members). Lists are server-rendered;
// the forms call the same /api/v1 routes as the CLI.
export default async function AccountPage() {
  const viewer = await requireSignedIn("/account");
  const [{ tokens }, { organisations }] = await Promise.all([listTokens(viewer), listOrganisations(viewer)]);
  const current = tokens.find((t) => t.current);
  return (
    <div className="space-y-10">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Account</h1>
        <p className="text-sm text-slate-600">
          Your API tokens and organisations. The <code>execboard</code> CLI and the{" "}
          <Link href="/docs/api" className="underline">
            API
          </Link>{" "}
          manage the same.
        </p>
      </header>

      <Section id="profile-heading" title="Profile">
        <dl className="grid max-w-xl grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border border-slate-200 bg-white p-4 text-sm">
          <dt className="text-slate-600">Email</dt>
          <dd data-testid="profile-email" className="break-all font-medium">
            {viewer.email}
          </dd>
          <dt className="text-slate-600">Role</dt>
          <dd data-testid="profile-role" className="font-medium">
            {viewer.role}
          </dd>
          {current && (
            <>
              <dt className="text-slate-600">Signed in with</dt>
              <dd>
                {current.name || "an unnamed token"} <code className="text-xs">{current.prefix}…</code>
              </dd>
            </>
          )}
        </dl>
      </Section>

      <section aria-labelledby="tokens-heading" className="space-y-4">
        <div className="space-y-1">
          <h2 id="tokens-heading" className="text-lg font-semibold">
            API tokens ({tokens.length})
          </h2>
          <p className="text-sm text-slate-600">
            Scripts and the <code>execboard</code> CLI use them (<code>Authorization: Bearer ebt_…</code>). A token&apos;s secret is shown once, when it is created or rotated. Revoking or rotating the token this session was opened with signs you out.
          </p>
        </div>
        <OutcomeArea testId="token-outcome">
          <CreateTokenForm defaultDays={getConfig().EXECBOARD_TOKEN_TTL_DAYS} maxDays={MAX_TOKEN_DAYS} />
          <TokenList tokens={tokens} />
        </OutcomeArea>
      </section>

      <Section id="organisations-heading" title={`Organisations (${organisations.length})`} className="space-y-4">
        {organisations.length === 0 ? (
          <p data-testid="no-organisations" className="text-sm text-slate-600">
            You are not in any organisation. Admins create them (<code>execboard orgs create</code>) and name their first owner, who can then add you.
          </p>
        ) : (
          organisations.map((org) => (
            <OrganisationCard key={org.slug} org={org} viewerEmail={viewer.email} canManage={canManageOrganisation(viewer, org.yourRole ? { role: org.yourRole } : null)} />
          ))
        )}
      </Section>
    </div>
  );
}
