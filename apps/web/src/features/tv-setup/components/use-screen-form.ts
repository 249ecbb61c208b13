import { useForm, type UseFormReturnType } from '@mantine/form';
import { SCREEN_NAME_MAX, SCREEN_PLACE_MAX } from '@tun/shared/screens';
import i18next from 'i18next';
import { isApiError } from '../../../lib/api-client';
import { validators } from '../../../lib/validation';
import {
  fieldOf,
  shownPanels,
  valuesOf,
  type ScreenFields,
  type ScreenFormValues,
} from '../model/screen-form-values';

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

function timeError(value: string): string | null {
  return HH_MM.test(value) ? null : i18next.t('tvSetup.form.timeInvalid');
}

/** The browser's checks: the server has the final say, these only catch slips before sending. */
function validate(values: ScreenFormValues): Partial<Record<string, string | null>> {
  return {
    name: validators.length({ max: SCREEN_NAME_MAX })(values.name),
    place: validators.length({ max: SCREEN_PLACE_MAX, required: false })(values.place),
    panels: shownPanels(values).length === 0 ? i18next.t('tvSetup.form.panelsRequired') : null,
    ...(values.dark
      ? {
          darkFrom: timeError(values.darkFrom),
          darkTo:
            timeError(values.darkTo) ??
            (values.darkFrom === values.darkTo ? i18next.t('tvSetup.form.sameTimes') : null),
        }
      : {}),
  };
}

/** The form of a screen's name, place and layout, started from the screen (or the defaults). */
export function useScreenForm(screen?: ScreenFields): UseFormReturnType<ScreenFormValues> {
  return useForm<ScreenFormValues>({ initialValues: valuesOf(screen), validate });
}

/**
 * Puts the server's field errors on the fields they are about; true when it placed any (the
 * caller then takes the focus there instead of showing a general failure).
 */
export function showServerErrors(form: UseFormReturnType<ScreenFormValues>, error: unknown): boolean {
  if (!isApiError(error, 'validation-failed')) return false;
  let placed = false;
  for (const { path, message } of error.problem.errors ?? []) {
    const field = fieldOf(path);
    if (field) {
      form.setFieldError(field, message);
      placed = true;
    }
  }
  return placed;
}
