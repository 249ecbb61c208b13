/** A person's data as a whole (GDPR articles 15 and 17): export and erasure. */

/** What erased people are called where their history is kept. */
export const ERASED_PERSON_LABEL = 'Slettet bruker';
