import { cache } from "react";
import { cookies } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { getConfig } from "@/lib/config";
import { loadBaseContext, type BaseContext } from "@/lib/context";
import { DomainError } from "@/lib/errors";
import { memberContext, openConsole, type ConsoleAccess } from "@/lib/members/console-access";
import { SESSION_MAX_DAYS } from "@/lib/members/sign-in";

/** docs/console.md#sessions: `__Host-` and Secure when the app is served over https. */
export function sessionCookieName(): string {
  return isHttps() ? "__Host-console_session" : "console_session";
}

function isHttps(): boolean {
  return getConfig().appUrl.startsWith("https://");
}

export async function setSessionCookie(token: string): Promise<void> {
  (await cookies()).set(sessionCookieName(), token, {
    httpOnly: true,
    sameSite: "lax",
    secure: isHttps(),
    path: "/",
    maxAge: SESSION_MAX_DAYS * 24 * 3600,
  });
}

export async function readSessionToken(): Promise<string | undefined> {
  return (await cookies()).get(sessionCookieName())?.value;
}

export async function clearSessionCookie(): Promise<void> {
  (await cookies()).delete({ name: sessionCookieName(), path: "/", secure: isHttps() });
}

/**
 * The signed-in member and their context for a console page or action: no live session sends
 * them to sign in; a workspace they do not belong to is a 404.
 */
export const requireConsole = cache(async function requireConsole(
  workspaceId?: string,
): Promise<{ base: BaseContext; access: ConsoleAccess; ctx: ReturnType<typeof memberContext> }> {
  const base = await loadBaseContext("page");
  let access: ConsoleAccess | null;
  try {
    access = await openConsole({ ctx: base, token: await readSessionToken(), workspaceId });
  } catch (error) {
    if (error instanceof DomainError && error.type === "not_found") notFound();
    throw error;
  }
  if (!access) redirect("/console/sign-in");
  return { base, access, ctx: memberContext(base, access) };
});
