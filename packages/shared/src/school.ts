import { z } from 'zod';
import { singleLineText } from './text';
import { phoneSchema } from './contact';
import { SCHOOL_LONG_NAME_MAX, SCHOOL_SHORT_NAME_MAX } from './limits';

export const positionSchema = z.object({
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
});

export const schoolSchema = z.object({
  id: z.string(),
  shortName: z.string(),
  longName: z.string(),
  supervisionPhone: z.string().nullable(),
  position: positionSchema.nullable(),
  currentSupervision: z.string().nullable(),
});
export type School = z.infer<typeof schoolSchema>;

export const schoolNamesSchema = z.object({
  shortName: singleLineText().min(1).max(SCHOOL_SHORT_NAME_MAX),
  longName: singleLineText().min(1).max(SCHOOL_LONG_NAME_MAX),
});

export const schoolUpdateSchema = schoolNamesSchema.partial().extend({
  supervisionPhone: phoneSchema.nullable().optional(),
  position: positionSchema.nullable().optional(),
});
export type SchoolUpdate = z.infer<typeof schoolUpdateSchema>;
