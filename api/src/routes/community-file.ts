/**
 * The research file of a community research (decisions.md: opening or downloading it needs an
 * active subscription), behind the short-lived links every private file uses (`file-links.ts`):
 * `POST research-community/{id}/file-link` (signed in, active subscription) answers a view and a
 * download address; `GET research-community/{id}/file?token=...` sends the file once the token and
 * the holder's subscription are checked again.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, researchFileLinkResponseSchema, researchFileQuerySchema } from '@scholars/shared-contracts/schemas';
import { researchSubmissions } from '../db/schema';
import { hasActiveSubscription, refuseWithoutSubscription } from '../plugins/app/paywall';
import { fileLinkRoutes, type PrivateFile } from './file-links';

const communityFile: FastifyPluginAsyncZod = async (app) => {
  async function approvedFile(id: number): Promise<PrivateFile | null> {
    const [row] = await app.db
      .select({
        path: researchSubmissions.filePath,
        name: researchSubmissions.fileOriginalName,
        mime: researchSubmissions.fileMime,
        size: researchSubmissions.fileSize,
      })
      .from(researchSubmissions)
      .where(and(eq(researchSubmissions.id, id), eq(researchSubmissions.status, 'approved')))
      .limit(1);
    // Research files are PDFs (the submission form takes nothing else).
    return row ? { ...row, fallbackName: `research-${id}.pdf` } : null;
  }

  fileLinkRoutes(app, {
    resource: 'research-community',
    signerLabel: 'research-file-link',
    tag: 'community',
    linkSummary: 'Short-lived addresses to view and download the research file (active subscription)',
    fileSummary: 'The research file with a token from `research-community/{id}/file-link` (inline, or `download=1`)',
    linkOnRequest: [app.authenticate, app.requireActiveSubscription],
    linkResponse: researchFileLinkResponseSchema,
    linkRefusals: { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema.describe("`err: 'subscription_required'`: no active subscription") },
    fileQuery: researchFileQuerySchema,
    fileRefusal: 'Missing, invalid or expired token, or the subscription ended',
    expiredMessage: 'validation.researchFileLinkExpired',
    fileForLink: approvedFile,
    async fileForHolder(id, uid, request, reply) {
      // A link stops working when the subscription that allowed it ends, as the library's do.
      if (!(await hasActiveSubscription(app.db, uid))) {
        await refuseWithoutSubscription(request, reply);
        return 'answered';
      }
      return approvedFile(id);
    },
  });
};
export default communityFile;
