import styles from "./slot-grid.module.css";

export type SlotOption = {
  /** Stable key: the slot's start instant. */
  value: string;
  /** Short visible text, e.g. "09:30". */
  label: string;
  /** The full date and time, read by screen readers, e.g. "Tuesday 12 March 2026, 09:30 Paris time". */
  fullLabel: string;
  /** A second, smaller line under the time, e.g. "3 spots left" (also part of fullLabel). */
  detail?: string;
  /** Shown quieter: a time that cannot be booked as it is (a full class, whose waitlist it opens). */
  muted?: boolean;
};

export type SlotGroup = { title: string; slots: SlotOption[] };

type SlotGridProps = { groups: SlotGroup[]; selected: string | null; onSelect: (value: string) => void; label: string };

/** Times as real buttons with their full date in the accessible name; the chosen one is pressed. */
export function SlotGrid({ groups, selected, onSelect, label }: SlotGridProps) {
  return (
    <div className={styles.groups} role="group" aria-label={label}>
      {groups.map((group) => (
        <section key={group.title}>
          <h4 className={styles.groupTitle}>{group.title}</h4>
          <ul className={styles.grid}>
            {group.slots.map((slot) => (
              <li key={slot.value}>
                <button
                  type="button"
                  className={`${styles.slot} ${slot.value === selected ? styles.selected : ""} ${slot.muted ? styles.muted : ""}`}
                  aria-label={slot.fullLabel}
                  aria-pressed={slot.value === selected}
                  data-start={slot.value}
                  onClick={() => onSelect(slot.value)}
                >
                  {slot.label}
                  {slot.detail ? <span className={styles.detail}>{slot.detail}</span> : null}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
