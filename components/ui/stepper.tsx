import styles from "./stepper.module.css";

type StepperProps = { steps: string[]; current: number; label: string };

/**
 * Progress through a flow. The current step carries aria-current="step"; on narrow screens
 * only its name is shown, the others keep their names for screen readers.
 */
export function Stepper({ steps, current, label }: StepperProps) {
  return (
    <nav aria-label={label}>
      <ol className={styles.stepper}>
        {steps.map((step, index) => {
          const state = index < current ? styles.done : index === current ? styles.current : "";
          const status = index < current ? "completed" : index === current ? "current" : "not started";
          return (
            <li key={step} className={`${styles.step} ${state}`} aria-current={index === current ? "step" : undefined}>
              <span className={styles.bar} aria-hidden="true" />
              <span className={styles.label}>
                {index + 1}. {step}
                <span className="visually-hidden"> ({status})</span>
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
