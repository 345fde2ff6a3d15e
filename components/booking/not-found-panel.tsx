import styles from "./not-found-panel.module.css";

/** The one "nothing here" page: unknown booking pages and dead manage links look alike. */
export function NotFoundPanel({ title, body }: { title: string; body: string }) {
  return (
    <main className={styles.wrap}>
      <div className={styles.panel}>
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.body}>{body}</p>
      </div>
    </main>
  );
}
