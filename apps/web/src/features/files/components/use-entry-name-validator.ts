import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { translateFieldError } from '../../../lib/form-errors';
import { ENTRY_NAME_INVALID, entryNameError } from '../model/entry-name';

/** A form validator for file and folder names, in the active language. */
export function useEntryNameValidator(max: number) {
  const { t } = useTranslation();
  return useCallback(
    (value: string): string | null => {
      const error = entryNameError(value, max);
      if (!error) return null;
      if (error.code === ENTRY_NAME_INVALID) return t('files.form.nameInvalid');
      return translateFieldError(error, t) ?? t('fieldErrors.invalid');
    },
    [max, t],
  );
}
