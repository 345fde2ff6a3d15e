import type { Metadata } from "next";
import { requestLinkAction } from "../actions";
import styles from "../console.module.css";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in · Console", robots: { index: false, follow: false } };

type PageProps = { searchParams: Promise<{ sent?: string; invalid?: string }> };

// GET /console/sign-in – ask for an emailed sign-in link; the answer never tells whether the email is a member's.
export default async function SignInPage({ searchParams }: PageProps) {
  const { sent, invalid } = await searchParams;
  return (
    <main className={styles.narrow}>
      {sent ? (
        <>
          <h1>Check your email</h1>
          <p>If that address belongs to a member, a sign-in link is on its way. It works once, within 15 minutes.</p>
          <p>
            <a href="/console/sign-in">Use another email</a>
          </p>
        </>
      ) : (
        <>
          <h1>Sign in to the console</h1>
          {invalid ? (
            <p className={styles.error} role="alert">
              That sign-in link has expired or was already used. Ask for a new one.
            </p>
          ) : null}
          <form action={requestLinkAction}>
            <div className={styles.field}>
              <label htmlFor="email">Email</label>
              <input id="email" name="email" type="email" autoComplete="email" required maxLength={254} />
            </div>
            <button className={styles.button} type="submit">
              Send sign-in link
            </button>
          </form>
        </>
      )}
    </main>
  );
}
