import { z } from 'zod';
import { idSchema } from './ids';
import { personNameSchema } from './people';

/** Who is on supervision duty now, and the phone that reaches the duty (SPEC §3 School). */
export const supervisionSchema = z.object({
  current: z
    .object({
      personId: z.string(),
      name: personNameSchema,
      /** The person's own phone, for when the school has no supervision phone. */
      phone: z.string().nullable(),
      /** When they took over, if known. */
      since: z.string().nullable(),
    })
    .nullable(),
  supervisionPhone: z.string().nullable(),
});
export type Supervision = z.infer<typeof supervisionSchema>;

export const supervisionReleaseSchema = z
  .object({
    /**
     * Whose duty the caller means to end. When someone else has taken over in the meantime
     * the server answers 409 instead of ending the newcomer's duty.
     */
    personId: idSchema.optional(),
  })
  .default({});
export type SupervisionRelease = z.infer<typeof supervisionReleaseSchema>;
