import { useCallback, useState } from 'react';
import { emptyAccountForm, type AccountFormValues } from '../account-forms.ts';

/** The §3 form fields of one page, with a setter per field. */
export function useAccountForm(
  initial: Partial<AccountFormValues> = {},
): [AccountFormValues, <K extends keyof AccountFormValues>(field: K) => (value: string) => void] {
  const [values, setValues] = useState<AccountFormValues>({ ...emptyAccountForm, ...initial });
  const set = useCallback(
    <K extends keyof AccountFormValues>(field: K) =>
      (value: string) =>
        setValues((current) => ({ ...current, [field]: value })),
    [],
  );
  return [values, set];
}
