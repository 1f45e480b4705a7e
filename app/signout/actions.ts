"use server";

import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { SESSION_COOKIE } from "@/lib/auth/session-cookie";
import { signOut } from "@/lib/auth/sign-out";

// Ends the session on the server and clears the cookie.
export async function signOutAction(): Promise<void> {
  const jar = await cookies();
  await signOut(jar.get(SESSION_COOKIE)?.value);
  jar.delete(SESSION_COOKIE);
  redirect("/signin?signedOut=1");
}
