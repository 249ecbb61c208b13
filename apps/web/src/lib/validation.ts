import i18next from 'i18next';

// Deliberately loose: the server has the final say; this only catches typing slips early.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Validator = (value: string) => string | null;

/**
 * Form validators. Messages are looked up when a check runs, not when the form is created,
 * so they follow a language switch.
 */
export const validators = {
  required: (): Validator => (value) => (value.trim() ? null : i18next.t('validation.required')),

  email: (): Validator => (value) => {
    if (!value.trim()) return i18next.t('validation.required');
    return EMAIL_PATTERN.test(value.trim()) ? null : i18next.t('validation.email');
  },

  /** Length in characters (not UTF-16 units), ignoring surrounding spaces as the server does. */
  length:
    ({ min, max, required = true }: { min?: number; max?: number; required?: boolean }): Validator =>
    (value) => {
      const length = [...value.trim()].length;
      if (required && length === 0) return i18next.t('validation.required');
      if (min !== undefined && length > 0 && length < min) return i18next.t('validation.minLength', { min });
      if (max !== undefined && length > max) return i18next.t('validation.maxLength', { max });
      return null;
    },

  /** Passwords are taken as typed: spaces count. */
  password:
    ({ min, max }: { min: number; max: number }): Validator =>
    (value) => {
      if (!value) return i18next.t('validation.required');
      if (value.length < min) return i18next.t('validation.minLength', { min });
      if (value.length > max) return i18next.t('validation.maxLength', { max });
      return null;
    },

  sameAs:
    (other: string): Validator =>
    (value) => {
      if (!value) return i18next.t('validation.required');
      return value === other ? null : i18next.t('validation.passwordMismatch');
    },
};
