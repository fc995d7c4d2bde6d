import { useState } from 'react';

/**
 * A form above a table (Settings > Companies and Plans): the record being edited (none = a new
 * one), the inputs' values and their messages; `set` drops a field's message once it is edited.
 */
export function useEditForm<R, V extends object, E extends Partial<Record<string, string>>>(empty: () => V, fromRecord: (r: R) => V) {
  const [editing, setEditing] = useState<R | undefined>();
  const [values, setValues] = useState<V>(empty);
  const [errors, setErrors] = useState<E>({} as E);
  const clear = () => {
    setEditing(undefined);
    setErrors({} as E);
    setValues(empty());
  };
  const edit = (r: R) => {
    setEditing(r);
    setErrors({} as E);
    setValues(fromRecord(r));
  };
  const set = <K extends keyof V>(k: K, v: V[K]) => {
    setValues((s) => ({ ...s, [k]: v }));
    setErrors((e) => (e[k as string] ? { ...e, [k]: undefined } : e));
  };
  return { editing, values, errors, setErrors, clear, edit, set };
}
