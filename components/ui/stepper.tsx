import { useTranslations } from "next-intl";
import styles from "./stepper.module.css";

type StepperProps = { steps: string[]; current: number; label: string };

/**
 * Progress through a flow. The current step carries aria-current="step"; on narrow screens
 * only its name is shown, the others keep their names for screen readers.
 */
export function Stepper({ steps, current, label }: StepperProps) {
  const t = useTranslations("ui.stepper");
  return (
    <nav aria-label={label}>
      <ol className={styles.stepper}>
        {steps.map((step, index) => {
          const look = index < current ? styles.done : index === current ? styles.current : "";
          const state = index < current ? "done" : index === current ? "current" : "ahead";
          return (
            <li key={step} className={`${styles.step} ${look}`} aria-current={index === current ? "step" : undefined}>
              <span className={styles.bar} aria-hidden="true" />
              <span className={styles.label}>
                {t("step", { number: index + 1, name: step })}
                <span className="visually-hidden"> ({t("status", { state })})</span>
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
