import { AppError } from "@/lib/errors/app-error";
import type { Principal } from "./principal";
import { verifyToken } from "./verify-token";

export type { Principal, Role } from "./principal";
export { isMaintainer } from "./policies";

// Resolves an `Authorization: Bearer <token>` header to a user, or throws UNAUTHORIZED (or
// TOKEN_EXPIRED). Route handlers use requireViewer/optionalViewer, which also accept a session.
export async function authenticateBearer(header: string | null): Promise<Principal> {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  if (!match) throw new AppError("UNAUTHORIZED", "missing or malformed Authorization header (expected: Bearer <token>)");
  const { userId, email, role, via, tokenId, organisationIds } = await verifyToken(match[1]);
  return { userId, email, role, via, tokenId, organisationIds };
}

// Optional variant for read endpoints that show more to signed-in users.
export async function authenticateOptional(header: string | null): Promise<Principal | null> {
  if (!header) return null;
  return authenticateBearer(header);
}
