import { getConfig } from "@/lib/config";
import { disconnectDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { addMember, removeMember } from "@/lib/organisations/change-membership";
import { createOrganisation } from "@/lib/organisations/create-organisation";
import { findOrganisation } from "@/lib/organisations/find-organisation";
import { listOrganisations } from "@/lib/organisations/list-organisations";
import { operatorOrganisationActor } from "@/lib/organisations/organisation-actor";
import { toOrganisationView, type OrganisationList, type OrganisationView } from "@/lib/organisations/organisation-view";
import { apiClient } from "./api-options";
import { parse, required } from "./args";

const USAGE = [
  "usage: execboard orgs create <slug> --name <display name> [--owner <email>]   (admins)",
  "       execboard orgs list",
  "       execboard orgs show <slug>",
  "       execboard orgs add-member <slug> --email <email> [--role member|owner]   (admins, and the organisation's owners)",
  "       execboard orgs remove-member <slug> --email <email>",
  "All take --json. With a token (--token or EXECBOARD_TOKEN) they go through the API as that account;",
  "without one they run directly against the database, recorded in the audit log as the operator.",
].join("\n");

type Client = ReturnType<typeof apiClient>;
const path = (slug: string, rest = "") => `/api/v1/organisations/${encodeURIComponent(slug)}${rest}`;

// execboard orgs …: organisations (vendors' companies) and their members.
export async function orgsCommand(argv: string[]): Promise<number> {
  const { positionals, values } = parse(argv, { api: true, strings: ["name", "owner", "email", "role"] });
  const [sub, slug, ...extra] = positionals;
  if (!sub || extra.length > 0 || (sub === "list") !== (slug === undefined)) throw new AppError("BAD_REQUEST", USAGE);
  const viaApi = Boolean(values.token ?? getConfig().EXECBOARD_TOKEN);
  const client = viaApi ? apiClient(values, { tokenRequired: true }) : null;
  try {
    if (sub === "list") {
      const list = client ? await client.request<OrganisationList>("GET", "/api/v1/organisations") : await listOrganisations(null);
      if (values.json) console.log(JSON.stringify(list, null, 2));
      else if (list.organisations.length === 0) console.log("no organisations");
      else for (const o of list.organisations) console.log(`${o.slug.padEnd(24)} ${o.name}  (${o.members.length} member${o.members.length === 1 ? "" : "s"}${o.yourRole ? `; you: ${o.yourRole}` : ""})`);
      return 0;
    }
    const org = await run(client, sub, slug, values);
    if (values.json) console.log(JSON.stringify(org, null, 2));
    else console.log(describe(sub, org, values.email));
    return 0;
  } finally {
    if (!client) await disconnectDb();
  }
}

async function run(client: Client | null, sub: string, slug: string, v: { name?: string; owner?: string; email?: string; role?: string }): Promise<OrganisationView> {
  const operator = operatorOrganisationActor();
  switch (sub) {
    case "create": {
      const body = { slug, name: required(v.name, `--name\n${USAGE}`), ...(v.owner ? { owner: v.owner } : {}) };
      return client ? client.request<OrganisationView>("POST", "/api/v1/organisations", { json: body }) : createOrganisation(operator, body);
    }
    case "show":
      return client ? client.request<OrganisationView>("GET", path(slug)) : toOrganisationView(await findOrganisation(slug), null);
    case "add-member": {
      const role = v.role ?? "member";
      if (role !== "member" && role !== "owner") throw new AppError("BAD_REQUEST", `--role must be member or owner (got ${role})`);
      const body = { email: required(v.email, `--email\n${USAGE}`), role } as const;
      return client ? client.request<OrganisationView>("POST", path(slug, "/members"), { json: body }) : addMember(operator, slug, body);
    }
    case "remove-member": {
      const email = required(v.email, `--email\n${USAGE}`);
      return client ? client.request<OrganisationView>("DELETE", path(slug, `/members/${encodeURIComponent(email)}`)) : removeMember(operator, slug, email);
    }
    default:
      throw new AppError("BAD_REQUEST", USAGE);
  }
}

function describe(sub: string, o: OrganisationView, email?: string): string {
  const head = sub === "create" ? `created organisation ${o.slug} (${o.name})` : sub === "add-member" ? `${email} is now ${o.members.find((m) => m.email === email)?.role ?? "a member"} of ${o.slug}` : sub === "remove-member" ? `${email} removed from ${o.slug}` : `${o.slug} (${o.name}), created ${o.createdAt}`;
  const members = o.members.map((m) => `  ${m.role.padEnd(6)} ${m.email}  (since ${m.since})`);
  return [head, ...(members.length ? members : ["  no members"])].join("\n");
}
