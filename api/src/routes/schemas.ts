import { errorEnvelopeSchema } from '@scholars/shared-contracts/schemas';

/** Error answers every route may give (the envelope with `status: false`). */
export const errorResponses = {
  400: errorEnvelopeSchema.describe('Invalid request: `errors` maps each field to a message'),
  429: errorEnvelopeSchema.describe('Too many requests'),
  500: errorEnvelopeSchema.describe('Unexpected error (details are logged, not sent)'),
};
export const notFoundResponse = { 404: errorEnvelopeSchema.describe('Not found') };
