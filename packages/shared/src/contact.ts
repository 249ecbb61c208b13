import { z } from 'zod';

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email()).pipe(z.string().max(254));

/** A Norwegian or international phone number: digits and spaces, an optional leading +. */
export const phoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ]{8,20}$/, 'Ugyldig telefonnummer');
