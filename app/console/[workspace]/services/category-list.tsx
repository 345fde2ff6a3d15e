"use client";

import { useTranslations } from "next-intl";
import { deleteCategoryAction, moveCategoryAction, renameCategoryAction } from "../../_setup/catalog-actions";
import { ActionButton } from "../../_setup/action-button";
import { MoveButtons } from "../../_setup/move-buttons";
import { useSetupForm } from "../../_setup/use-setup-form";
import { FieldError, invalidProps } from "../../_setup/field-error";
import styles from "../../_setup/setup.module.css";
import consoleStyles from "../../console.module.css";

type Category = { id: string; name: string };

/**
 * The business's categories in the booking page's order: each renamed in place, moved up or
 * down, or deleted (its services stay, uncategorised), through the API's category verbs.
 */
export function CategoryList({ workspace, categories }: { workspace: string; categories: Category[] }) {
  const t = useTranslations("console.services.categories");
  return (
    <>
      <ol className={styles.plain} aria-label={t("listName")}>
        {categories.map((category, index) => (
          <li key={category.id} className={styles.item}>
            <RenameForm workspace={workspace} category={category} />
            <div className={styles.row}>
              <MoveButtons
                action={moveCategoryAction}
                fields={{ workspace, id: category.id }}
                index={index}
                count={categories.length}
                texts={{ up: t("up"), upName: t("upName", { name: category.name }), down: t("down"), downName: t("downName", { name: category.name }) }}
              />
              <ActionButton
                action={deleteCategoryAction}
                fields={{ workspace, id: category.id }}
                label={t("delete")}
                name={t("deleteName", { name: category.name })}
                tone="danger"
              />
            </div>
          </li>
        ))}
      </ol>
      <p className={styles.hint}>{t("deleteHint")}</p>
    </>
  );
}

function RenameForm({ workspace, category }: { workspace: string; category: Category }) {
  const t = useTranslations("console.services.categories");
  const { state, pending, form } = useSetupForm(renameCategoryAction);
  const id = `category-${category.id}`;
  return (
    <form {...form} className={styles.row}>
      <input type="hidden" name="workspace" value={workspace} />
      <input type="hidden" name="id" value={category.id} />
      <div className={styles.field}>
        <label htmlFor={id}>{t("nameOf", { name: category.name })}</label>
        <input id={id} name="name" defaultValue={category.name} aria-required {...invalidProps(state, "name", id)} />
        <FieldError state={state} param="name" id={id} />
      </div>
      <button
        type="submit"
        className={`${consoleStyles.button} ${consoleStyles.secondary}`}
        disabled={pending}
        aria-label={t("renameName", { name: category.name })}
      >
        {t("rename")}
      </button>
    </form>
  );
}
