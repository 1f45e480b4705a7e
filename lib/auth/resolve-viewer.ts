import { AppError } from "@/lib/errors/app-error";
import { authenticateBearer } from "./authenticate";
import type { Principal } from "./principal";
import { readCookie, SESSION_COOKIE, siteOrigin } from "./session-cookie";
import { verifySession } from "./verify-session";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

// The viewer of an API request: an `Authorization: Bearer` token if the request has one (a bad
// token is an error, never silently anonymous), else the web session cookie, else nobody.
export async function optionalViewer(request: Request): Promise<Principal | null> {
  return (await resolve(request)).viewer;
}

// Like optionalViewer, but nobody is an error saying how to authenticate.
export async function requireViewer(request: Request): Promise<Principal> {
  const { viewer, problem } = await resolve(request);
  if (viewer) return viewer;
  throw new AppError("UNAUTHORIZED", problem ?? "missing or malformed Authorization header (expected: Bearer <token>); or sign in at /signin");
}

async function resolve(request: Request): Promise<{ viewer: Principal | null; problem?: string }> {
  const header = request.headers.get("authorization");
  if (header) return { viewer: await authenticateBearer(header) };
  const sessionId = readCookie(request.headers.get("cookie"), SESSION_COOKIE);
  if (!sessionId) return { viewer: null };
  const check = await verifySession(sessionId);
  if (check.viewer && !SAFE_METHODS.has(request.method)) assertSameOrigin(request);
  return check;
}

// A cookie rides along with any request the browser makes, so a change made with one must come
// from a page of this site (SameSite=Lax already keeps cross-site posts cookie-less; this also
// covers same-site, cross-origin pages). Scheme, host and port must all match: a page served
// over http cannot make changes on the https site, nor the reverse.
function assertSameOrigin(request: Request): void {
  const origin = request.headers.get("origin");
  const site = siteOrigin(request.headers);
  const from = origin && URL.canParse(origin) ? new URL(origin).origin : null;
  if (!from || !site || from !== site) {
    throw new AppError("FORBIDDEN", "cross-origin request refused: changes made with a session cookie must come from this site (API clients send Authorization: Bearer <token>)");
  }
}
