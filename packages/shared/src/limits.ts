/**
 * Length limits shared by the server's schemas and the web forms. This module has no
 * dependencies, so the web app can import it without pulling zod into its first chunk.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
export const SCHOOL_SHORT_NAME_MAX = 40;
export const SCHOOL_LONG_NAME_MAX = 200;
export const PERSON_NAME_PART_MAX = 100;
