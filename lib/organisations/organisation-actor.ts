import { actorFromPrincipal, operatorActor, type AuditActor } from "@/lib/audit/audit-actor";
import type { Principal } from "@/lib/auth/principal";

// Who manages an organisation: a signed-in account (an admin, or an owner of that organisation),
// or an operator running the CLI on the server without a token (allowed everything, like
// `execboard users`). `audit` is how the audit log names them.
export interface OrganisationActor {
  principal: Principal | null;
  audit: AuditActor;
}

export function organisationActor(principal: Principal): OrganisationActor {
  return { principal, audit: actorFromPrincipal(principal) };
}

export function operatorOrganisationActor(): OrganisationActor {
  return { principal: null, audit: operatorActor() };
}
