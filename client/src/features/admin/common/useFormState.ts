import { useState } from "react";

/** A form's messages under its fields, by field name (a part of a field by `name.index.part`). */
export type FormErrors = Partial<Record<string, string>>;

/**
 * The values and field messages of a plain back-office form (fields.tsx). Messages appear when the form is checked
 * (`check`, on 保存) and a field's message goes as soon as that field is edited (`set`, or `clear` for a part of one).
 */
export function useFormState<V extends object>(initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FormErrors>({});

  /** Removes the messages of these fields. */
  const clear = (...keys: string[]) =>
    setErrors((old) => (keys.some((k) => old[k] !== undefined) ? { ...old, ...blank(keys) } : old));

  /** Changes some fields; their messages go. */
  const set = (change: Partial<V>) => {
    setValues((old) => ({ ...old, ...change }));
    clear(...Object.keys(change));
  };

  /** Shows `found` under the fields (and nothing else): true when there is nothing to show, the form may be sent. */
  const check = (found: FormErrors): boolean => {
    setErrors(found);
    return !Object.values(found).some(Boolean);
  };

  return { values, setValues, set, errors, clear, check };
}

const blank = (keys: string[]): FormErrors => Object.fromEntries(keys.map((k) => [k, undefined]));
