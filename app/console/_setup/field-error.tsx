import { RefusalText } from "../_refusal-text";
import type { FormState } from "./form-state";
import styles from "./setup.module.css";

/** The refusal (docs/console.md#refusals) beside the field its param names (the id of the message is `${id}-error`, for aria-describedby). */
export function FieldError({ state, param, id }: { state: FormState; param: string; id: string }) {
  const error = state.error;
  if (!error || !matches(error.param, param)) return null;
  return (
    <p id={`${id}-error`} className={styles.error} role="alert">
      <RefusalText message={error.message} detail={error.detail} />
    </p>
  );
}

/** A refusal no field of the form owns (no param, or one the form does not show), at the form's top. */
export function FormError({ state, params }: { state: FormState; params: readonly string[] }) {
  const error = state.error;
  if (!error || params.some((param) => matches(error.param, param))) return null;
  return (
    <p className={styles.error} role="alert">
      <RefusalText message={error.message} detail={error.detail} />
    </p>
  );
}

/** The field's props that tie it to its error. */
export function invalidProps(state: FormState, param: string, id: string) {
  const bad = state.error !== undefined && matches(state.error.param, param);
  return bad ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};
}

/** "working_hours.3.end_minute" belongs to "working_hours.3"; "service_ids.0" to "service_ids". */
export function matches(param: string | null, field: string): boolean {
  return param !== null && (param === field || param.startsWith(`${field}.`));
}
