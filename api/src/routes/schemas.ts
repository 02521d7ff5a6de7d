import { errorEnvelopeSchema } from '@scholars/shared-contracts/schemas';

/** Error answers every route may give (the envelope with `status: false`). */
export const errorResponses = {
  400: errorEnvelopeSchema.describe('Invalid request: `errors` maps each field to a message'),
  429: errorEnvelopeSchema.describe('Too many requests'),
  500: errorEnvelopeSchema.describe('Unexpected error (details are logged, not sent)'),
};
export const notFoundResponse = { 404: errorEnvelopeSchema.describe('Not found') };
/** Answers of a route for signed-in staff: no session (401), another role (403). */
export const staffErrors = {
  401: errorEnvelopeSchema.describe('Not signed in'),
  403: errorEnvelopeSchema.describe('Not allowed for this role'),
};
