/**
 * zod as the web app loads it: 'zod' resolves here in the web build (vite.config.ts). Its
 * messages are set to the shown language (configure-form-errors.ts) as it loads, before any
 * schema of a page is built or checked, on whichever page loads it first; a page that checks no
 * input, such as the dashboard, never loads it (docs/decisions/028-first-load.md).
 */
import { configureFormErrors } from './configure-form-errors';

export * from 'zod/v4';
export { default } from 'zod/v4';

configureFormErrors();
