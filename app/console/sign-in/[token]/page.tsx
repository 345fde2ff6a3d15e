import type { Metadata } from "next";
import { redeemLinkAction } from "../../actions";
import styles from "../../console.module.css";

export const dynamic = "force-dynamic";
// The link is a credential: keep it out of search engines and referrers.
export const metadata: Metadata = { title: "Sign in · Console", robots: { index: false, follow: false }, referrer: "no-referrer" };

type PageProps = { params: Promise<{ token: string }> };

// GET /console/sign-in/{token} – the emailed link. Opening it spends nothing (mail scanners open links):
// the button does, once (docs/console.md#sign-in).
export default async function SignInLinkPage({ params }: PageProps) {
  const { token } = await params;
  return (
    <main className={styles.narrow}>
      <h1>Sign in to the console</h1>
      <form action={redeemLinkAction}>
        <input type="hidden" name="token" value={token} />
        <button className={styles.button} type="submit">
          Sign in
        </button>
      </form>
    </main>
  );
}
