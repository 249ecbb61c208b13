/**
 * «Søk om permisjon» as a form: its values, the browser's check (the server's own rules), the
 * input the server takes, and where the server's field errors belong.
 */
import {
  LEAVE_REASON_MAX,
  leaveInputSchema,
  type Leave,
  type LeaveCategory,
  type LeaveInput,
} from '@tun/shared/leave';
import {
  periodFieldOf,
  periodOf,
  periodProblems,
  periodValuesOf,
  type LeavePeriodField,
  type LeavePeriodProblem,
  type LeavePeriodValues,
} from '../../../entities/leave/leave-period';

export interface LeaveFormValues extends LeavePeriodValues {
  category: LeaveCategory | null;
  reason: string;
  sleepsAway: boolean;
  /** '' for none: their own phone reaches them. */
  phone: string;
}

export type LeaveFormField = keyof LeaveFormValues;

export type LeaveFormProblem = LeavePeriodProblem | 'reasonTooLong' | 'phoneInvalid';

/** An application's values, or a new one's: from today, the rest to fill in. */
export function leaveFormValuesOf(leave: Leave | undefined, today: string): LeaveFormValues {
  if (!leave) {
    return {
      fromDate: today,
      fromTime: '',
      toDate: '',
      toTime: '',
      category: null,
      reason: '',
      sleepsAway: false,
      phone: '',
    };
  }
  return {
    ...periodValuesOf(leave),
    category: leave.category,
    reason: leave.reason,
    sleepsAway: leave.sleepsAway,
    phone: leave.phone ?? '',
  };
}

/** What the server takes; null while the period is not whole or no category is chosen. */
export function leaveInputOf(values: LeaveFormValues): LeaveInput | null {
  const period = periodOf(values);
  if (!period || !values.category) return null;
  const phone = values.phone.trim();
  return {
    ...period,
    category: values.category,
    reason: values.reason.trim(),
    sleepsAway: values.sleepsAway,
    phone: phone === '' ? null : phone,
  };
}

/** The browser's check: the period's rules, then the shared schema for the rest. */
export function leaveFormProblems(
  values: LeaveFormValues,
): Partial<Record<LeaveFormField, LeaveFormProblem>> {
  const problems: Partial<Record<LeaveFormField, LeaveFormProblem>> = { ...periodProblems(values) };
  if (!values.category) problems.category = 'required';
  const reason = values.reason.trim();
  if (reason === '') problems.reason = 'required';
  else if ([...reason].length > LEAVE_REASON_MAX) problems.reason = 'reasonTooLong';
  const input = leaveInputOf(values);
  if (input && input.phone !== null) {
    const checked = leaveInputSchema.safeParse(input);
    if (!checked.success && checked.error.issues.some((issue) => issue.path[0] === 'phone')) {
      problems.phone = 'phoneInvalid';
    }
  }
  return problems;
}

const FIELDS = new Set<string>(['category', 'reason', 'sleepsAway', 'phone']);

/** The field a server error (its path without 'body') is shown at; null when none fits. */
export function leaveFieldOf(path: readonly string[]): LeaveFormField | null {
  const period: LeavePeriodField | null = periodFieldOf(path);
  if (period) return period;
  const [field] = path;
  return field !== undefined && FIELDS.has(field) ? (field as LeaveFormField) : null;
}
