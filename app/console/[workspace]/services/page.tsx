import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { listCategories } from "@/lib/categories/list-categories";
import { listServices } from "@/lib/services/list-services";
import { requireConsole } from "../../_session";
import { SetupMessages } from "../../_setup/setup-messages";
import styles from "../../_setup/setup.module.css";
import consoleStyles from "../../console.module.css";
import { CategoryForm } from "./category-form";
import { CategoryList } from "./category-list";

export const dynamic = "force-dynamic";

type PageProps = { params: Promise<{ workspace: string }> };

// GET /console/{workspace}/services – every service with its length, price, capacity and whether it is offered; categories.
export default async function ServicesPage({ params }: PageProps) {
  const { workspace: workspaceId } = await params;
  const { ctx, access } = await requireConsole(workspaceId);
  const t = await getTranslations("console.services");
  const money = new Intl.NumberFormat(await getLocale(), { style: "currency", currency: access.workspace.currency.toUpperCase() });
  const [services, categories] = await Promise.all([listServices({ ctx, page: { limit: 200 } }), listCategories({ ctx })]);
  const categoryName = new Map(categories.map((category) => [category.id, category.name]));
  const base = `/console/${workspaceId}/services`;
  return (
    <SetupMessages>
      <h1>{t("title")}</h1>
      <p>
        <Link className={consoleStyles.button} href={`${base}/new`}>
          {t("new")}
        </Link>
      </p>
      {services.data.length === 0 ? (
        <p>{t("none")}</p>
      ) : (
        <div className={styles.scroll}>
          <table className={styles.table}>
            <caption className={styles.hint}>{t("caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("columns.name")}</th>
                <th scope="col">{t("columns.duration")}</th>
                <th scope="col">{t("columns.price")}</th>
                <th scope="col">{t("columns.capacity")}</th>
                <th scope="col">{t("columns.category")}</th>
                <th scope="col">{t("columns.offered")}</th>
              </tr>
            </thead>
            <tbody>
              {services.data.map((service) => (
                <tr key={service.id}>
                  <td>
                    <Link href={`${base}/${service.id}`}>{service.name}</Link>
                  </td>
                  <td>{t("minutes", { count: service.duration_minutes })}</td>
                  <td>{service.price_cents === null ? t("noPrice") : money.format(service.price_cents / 100)}</td>
                  <td>{service.capacity}</td>
                  <td>{service.category_id ? (categoryName.get(service.category_id) ?? "") : t("noCategory")}</td>
                  <td>{service.active ? t("active") : t("inactive")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <section aria-labelledby="categories-heading" className={styles.panel}>
        <h2 id="categories-heading">{t("categories.heading")}</h2>
        {categories.length === 0 ? (
          <p>{t("categories.none")}</p>
        ) : (
          <CategoryList workspace={workspaceId} categories={categories.map(({ id, name }) => ({ id, name }))} />
        )}
        <CategoryForm workspace={workspaceId} />
      </section>
    </SetupMessages>
  );
}
