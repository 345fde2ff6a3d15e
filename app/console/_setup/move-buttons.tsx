"use client";

import { ActionButton } from "./action-button";
import type { FormState } from "./form-state";

/**
 * "Move up" and "Move down" for one row of a list in the business's order (questions,
 * categories): the first row has no "Move up", the last no "Move down".
 */
export function MoveButtons({
  action,
  fields,
  index,
  count,
  texts,
}: {
  action: (state: FormState, form: FormData) => Promise<FormState>;
  fields: Record<string, string>;
  index: number;
  count: number;
  /** The visible words and, for a screen reader, each named with its row ("Move up: Colour"). */
  texts: { up: string; upName: string; down: string; downName: string };
}) {
  return (
    <>
      {index > 0 ? <ActionButton action={action} fields={{ ...fields, direction: "up" }} label={texts.up} name={texts.upName} /> : null}
      {index < count - 1 ? <ActionButton action={action} fields={{ ...fields, direction: "down" }} label={texts.down} name={texts.downName} /> : null}
    </>
  );
}
