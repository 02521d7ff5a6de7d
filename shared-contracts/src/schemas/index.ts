/**
 * `@scholars/shared-contracts/schemas`: zod 4 schemas shared by the API (validation, OpenAPI) and
 * the front end (forms, response parsing). Browser-safe: no Node imports.
 */
// First: zod's configuration for browsers, before any schema below is built.
import './zod-config';

export * from './messages';
export * from './validation-texts';
export * from './error-map';
export * from './envelope';
export * from './fields';
export * from './paginate';
export * from './catalog';
export * from './community';
export * from './conferences';
export * from './research';
export * from './library';
export * from './forms';
export * from './auth';
export * from './billing';
export * from './profile';
export * from './data-export';
// The site's Permissions-Policy: the shell's pages and the API's HTML pages send the same.
export { CHECKOUT_CANCELED, PERMISSIONS_POLICY } from './constants';
export * from './operators';
export * from './supervision';
export * from './content';
export * from './contact-inbox';
export * from './conferences-admin';
export * from './library-admin';
export * from './newsletter-admin';
export * from './home-admin';
export * from './moderation';
export * from './consultations';
export * from './site-pages';
