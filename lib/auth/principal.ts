export type Role = "vendor" | "maintainer" | "admin";
export const ROLES = ["vendor", "maintainer", "admin"] as const satisfies readonly Role[];

// Who is making a request. `via` and `tokenId` are set when the principal came from a request
// (an API token or a web session opened with one); scripts may build a bare principal.
export interface Principal {
  userId: string;
  email: string;
  role: Role;
  via?: "token" | "session";
  tokenId?: string;
  /** The organisations the user belongs to (ids), read with the token or session on every
   * request, so a removed member loses access at once. Absent: none (scripts). */
  organisationIds?: readonly string[];
}
