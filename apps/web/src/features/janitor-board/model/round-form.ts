/** The round dialog's form: stored round ↔ form values, and the checks that mirror the server's. */
import { isIsoDate, todayInSchoolZone } from '@tun/shared/time';
import {
  CASE_DESCRIPTION_MAX,
  CASE_TITLE_MAX,
  ROUND_ROOMS_MAX,
  type CaseCategory,
  type Round,
  type RoundFrequency,
  type RoundInput,
} from '@tun/shared/maintenance';

export interface RoundFormValues {
  title: string;
  description: string;
  category: CaseCategory;
  frequency: RoundFrequency;
  roomIds: string[];
  nextDue: string;
  active: boolean;
}

export type RoundFormField = keyof RoundFormValues;
export type RoundFormProblem =
  'titleRequired' | 'titleTooLong' | 'descriptionTooLong' | 'tooManyRooms' | 'dateInvalid';

export function roundValuesOf(
  round: Round | undefined,
  today: string = todayInSchoolZone(),
): RoundFormValues {
  if (!round) {
    return {
      title: '',
      description: '',
      category: 'other',
      frequency: 'monthly',
      roomIds: [],
      nextDue: today,
      active: true,
    };
  }
  return {
    title: round.title,
    description: round.description,
    category: round.category,
    frequency: round.frequency,
    roomIds: [...round.roomIds],
    nextDue: round.nextDue,
    active: round.active,
  };
}

export function roundInputOf(values: RoundFormValues): RoundInput {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    category: values.category,
    frequency: values.frequency,
    roomIds: [...new Set(values.roomIds)],
    nextDue: values.nextDue,
    active: values.active,
  };
}

export function roundFormProblems(
  values: RoundFormValues,
): Partial<Record<RoundFormField, RoundFormProblem>> {
  const problems: Partial<Record<RoundFormField, RoundFormProblem>> = {};
  const titleLength = [...values.title.trim()].length;
  if (titleLength === 0) problems.title = 'titleRequired';
  else if (titleLength > CASE_TITLE_MAX) problems.title = 'titleTooLong';
  if ([...values.description.trim()].length > CASE_DESCRIPTION_MAX)
    problems.description = 'descriptionTooLong';
  if (values.roomIds.length > ROUND_ROOMS_MAX) problems.roomIds = 'tooManyRooms';
  if (!isIsoDate(values.nextDue)) problems.nextDue = 'dateInvalid';
  return problems;
}

const FIELDS: readonly RoundFormField[] = [
  'title',
  'description',
  'category',
  'frequency',
  'roomIds',
  'nextDue',
  'active',
];

/** A server error's path ('body.nextDue', 'body/roomIds/3') → the form field it is about. */
export function roundFieldOf(parts: readonly string[]): RoundFormField | undefined {
  return FIELDS.find((field) => field === parts[0]);
}
