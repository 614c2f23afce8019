import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emptyAccountForm, type AccountFormValues } from '../account-forms.ts';

/** A Taiwan phone starts at +886, any other at +86; the list still offers every code (issue 38 item 13). */
export function phoneCodeFor(language: string): string {
  return language === 'tw' ? '+886' : emptyAccountForm.phoneCode;
}

/** The §3 form fields of one page, with a setter per field. */
export function useAccountForm(
  initial: Partial<AccountFormValues> = {},
): [AccountFormValues, <K extends keyof AccountFormValues>(field: K) => (value: string) => void] {
  const { i18n } = useTranslation();
  const [values, setValues] = useState<AccountFormValues>(() => ({
    ...emptyAccountForm,
    phoneCode: phoneCodeFor(i18n.language),
    ...initial,
  }));
  const set = useCallback(
    <K extends keyof AccountFormValues>(field: K) =>
      (value: string) =>
        setValues((current) => ({ ...current, [field]: value })),
    [],
  );
  return [values, set];
}
