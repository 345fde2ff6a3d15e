"use client";

import { useTranslations } from "next-intl";
import { addCategoryAction } from "../../_setup/catalog-actions";
import { useSetupForm } from "../../_setup/use-setup-form";
import { FieldError, FormError, invalidProps } from "../../_setup/field-error";
import styles from "../../_setup/setup.module.css";
import consoleStyles from "../../console.module.css";

/** POST /v1/categories from the Services page. */
export function CategoryForm({ workspace }: { workspace: string }) {
  const t = useTranslations("console.services.categories");
  const { state, pending, form } = useSetupForm(addCategoryAction, { resetOnSave: true });
  return (
    <form {...form} className={styles.row}>
      <input type="hidden" name="workspace" value={workspace} />
      <FormError state={state} params={["name"]} />
      <div className={styles.field}>
        <label htmlFor="category-name">{t("name")}</label>
        <input id="category-name" name="name" aria-required {...invalidProps(state, "name", "category-name")} />
        <FieldError state={state} param="name" id="category-name" />
      </div>
      <button type="submit" className={consoleStyles.button} disabled={pending}>
        {t("add")}
      </button>
    </form>
  );
}
