"use client";

import { useId } from "react";
import type { CustomerStaff } from "@/lib/booking-pages/types";
import styles from "./choice.module.css";

type StaffChoiceProps = {
  legend: string;
  anyLabel: string;
  staff: CustomerStaff[];
  value: string | null;
  onChange: (staffId: string | null) => void;
};

/** Native radio buttons styled as pills: arrow keys, one tab stop, and screen-reader state for free. */
export function StaffChoice({ legend, anyLabel, staff, value, onChange }: StaffChoiceProps) {
  const name = useId();
  const options = [
    { id: "", label: anyLabel },
    ...staff.map((member) => ({ id: member.id, label: member.title ? `${member.name}, ${member.title}` : member.name })),
  ];
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.options}>
        {options.map((option) => (
          <label key={option.id || "any"} className={styles.option}>
            <input
              type="radio"
              className={styles.input}
              name={name}
              value={option.id}
              checked={(value ?? "") === option.id}
              onChange={() => onChange(option.id || null)}
            />
            <span className={styles.pill}>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
