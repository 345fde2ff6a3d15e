import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requestLinkAction } from "../actions";
import styles from "../console.module.css";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("console.signIn");
  return { title: t("metaTitle"), robots: { index: false, follow: false } };
}

type PageProps = { searchParams: Promise<{ sent?: string; invalid?: string }> };

// GET /console/sign-in – ask for an emailed sign-in link; the answer never tells whether the email is a member's.
export default async function SignInPage({ searchParams }: PageProps) {
  const { sent, invalid } = await searchParams;
  const t = await getTranslations("console.signIn");
  return (
    <main className={styles.narrow}>
      {sent ? (
        <>
          <h1>{t("checkEmail")}</h1>
          <p>{t("sent")}</p>
          <p>
            <a href="/console/sign-in">{t("anotherEmail")}</a>
          </p>
        </>
      ) : (
        <>
          <h1>{t("heading")}</h1>
          {invalid ? (
            <p className={styles.error} role="alert">
              {t("invalid")}
            </p>
          ) : null}
          <form action={requestLinkAction}>
            <div className={styles.field}>
              <label htmlFor="email">{t("email")}</label>
              <input id="email" name="email" type="email" autoComplete="email" required maxLength={254} />
            </div>
            <button className={styles.button} type="submit">
              {t("send")}
            </button>
          </form>
        </>
      )}
    </main>
  );
}
