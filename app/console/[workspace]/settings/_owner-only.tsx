import { getTranslations } from "next-intl/server";
import styles from "../../console.module.css";
import local from "./settings.module.css";

/** What a staff member who opens an owner's page by its address gets: the API's refusal, nothing of the page. */
export async function OwnerOnly() {
  const t = await getTranslations("console.settings");
  return (
    <section className={local.panel}>
      <h2>{t("forbidden.heading")}</h2>
      <p role="alert" className={styles.error}>
        {t("forbidden.message")}
      </p>
    </section>
  );
}
