import styles from "./console.module.css";

/**
 * A refusal's words (docs/console.md#refusals): the member's language first, then, where the
 * member does not read English, the API's own message, marked as English for screen readers.
 */
export function RefusalText({ message, detail }: { message: string; detail?: string | null }) {
  return (
    <>
      {message}
      {detail ? (
        <>
          {" "}
          <span lang="en" dir="ltr" className={styles.detail}>
            ({detail})
          </span>
        </>
      ) : null}
    </>
  );
}
