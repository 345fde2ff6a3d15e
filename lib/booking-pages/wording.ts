import { useMemo } from "react";
import { useTranslations } from "next-intl";
import { createTranslator } from "use-intl/core";
import en from "@/lib/i18n/messages/en.json";

/**
 * `vertical` changes words only, never what the page does (spec: "selects wording only").
 * The words live in the message files under `wording.*`, one ICU select per word with the
 * general wording as `other`, so unknown verticals read as general in every language.
 * Customers never read "Calendar": a calendar is the business's word for a bookable
 * schedule, the person they meet is a staff member.
 */
export type Wording = {
  /** The vertical the words are for: messages that embed a word select on it (`{vertical, select, …}`). */
  vertical: string;
  service: string;
  services: string;
  chooseService: string;
  staff: string;
  anyStaff: string;
  appointment: string;
  bookAction: string;
};

const KEYS = ["service", "services", "chooseService", "staff", "anyStaff", "appointment", "bookAction"] as const satisfies readonly (keyof Wording)[];

/** `t` of the `wording` namespace, as next-intl's `useTranslations("wording")` gives it. */
export type WordingTranslator = (key: (typeof KEYS)[number], values: { vertical: string }) => string;

const english: WordingTranslator = createTranslator({ locale: "en", messages: en, namespace: "wording" });

export function wordingFor(vertical: string, t: WordingTranslator = english): Wording {
  return { vertical, ...(Object.fromEntries(KEYS.map((key) => [key, t(key, { vertical })])) as Omit<Wording, "vertical">) };
}

/** The wording in the page's language (inside next-intl's provider). */
export function useWording(vertical: string): Wording {
  const t = useTranslations("wording");
  return useMemo(() => wordingFor(vertical, t), [vertical, t]);
}
