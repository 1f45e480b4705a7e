// The web session cookie: a random id (its hash is what the database holds), httpOnly so
// scripts in the page cannot read it, SameSite=Lax so other sites cannot post with it.
export const SESSION_COOKIE = "execboard_session";

export interface SessionCookieOptions {
  httpOnly: true;
  sameSite: "lax";
  path: "/";
  secure: boolean;
  expires: Date;
}

export function sessionCookieOptions(expiresAt: Date, secure: boolean): SessionCookieOptions {
  return { httpOnly: true, sameSite: "lax", path: "/", secure, expires: expiresAt };
}

// Secure cookies need HTTPS; behind a TLS-terminating proxy the proxy says so. The web server
// (server/web-server.ts) sets X-Forwarded-Proto and -Host itself unless the request came
// through a proxy it is told to trust, so a client cannot choose them.
export function isHttpsRequest(headers: Headers): boolean {
  return headers.get("x-forwarded-proto")?.split(",")[0].trim() === "https";
}

/** This site's origin as the request reached it ("https://execboard.example"), or null. */
export function siteOrigin(headers: Headers): string | null {
  const host = (headers.get("x-forwarded-host") ?? headers.get("host"))?.split(",")[0].trim();
  if (!host) return null;
  const origin = `${isHttpsRequest(headers) ? "https" : "http"}://${host}`;
  return URL.canParse(origin) ? new URL(origin).origin : null;
}

export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return value === "" ? undefined : value;
    }
  }
  return undefined;
}
