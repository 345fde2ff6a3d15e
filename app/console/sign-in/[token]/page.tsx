import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { redeemLinkAction } from "../../actions";
import styles from "../../console.module.css";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("console.signIn");
  // The link is a credential: keep it out of search engines and referrers.
  return { title: t("metaTitle"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

type PageProps = { params: Promise<{ token: string }> };

// GET /console/sign-in/{token} – the emailed link. Opening it spends nothing (mail scanners open links):
// the button does, once (docs/console.md#sign-in).
export default async function SignInLinkPage({ params }: PageProps) {
  const { token } = await params;
  const t = await getTranslations("console.signIn");
  return (
    <main className={styles.narrow}>
      <h1>{t("heading")}</h1>
      <form action={redeemLinkAction}>
        <input type="hidden" name="token" value={token} />
        <button className={styles.button} type="submit">
          {t("signIn")}
        </button>
      </form>
    </main>
  );
}
