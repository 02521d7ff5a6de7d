/**
 * The two routes of a private file behind a short-lived link, the same for a library book and a
 * research submission:
 * - `POST <resource>/{id}/file-link`: after the route's own checks, two addresses (view in the
 *   page, download) relative to the API base, signed for this caller, valid 15 minutes;
 * - `GET <resource>/{id}/file?token=`: the file, once the token is checked and the holder is
 *   checked again (a link stops working when what allowed it ends). With the S3 store the answer
 *   is a redirect to a presigned GET of the object, valid S3_PRESIGN_TTL_SECONDS; otherwise (and
 *   for the seed's files, which are not in the bucket) the API sends the bytes.
 * Each resource says who may have a link and who may still read (`fileForLink`, `fileForHolder`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema, idParamsSchema, type ValidationMessageKey } from '@scholars/shared-contracts/schemas';
import { AppError, notFound } from '../lib/errors';
import { createFileLinkSigner, FILE_LINK_TTL_SECONDS, isInlineType, privateDisposition, sendPrivateFile } from '../lib/uploads';
import { errorResponses } from './schemas';

/** A stored private file as its rows describe it. */
export interface PrivateFile {
  /** Path under the files folder (or the seed's assets). */
  path: string;
  /** The name offered on download. */
  name: string;
  mime: string;
  size: number;
  /** An ASCII name for clients that cannot read `filename*`. */
  fallbackName: string;
}

export interface FileLinkRoutesOptions {
  /** Path segment and token scope: `library` gives `library/{id}/file-link` and `library/{id}/file`. */
  resource: 'library' | 'research' | 'research-community' | 'consultations' | 'consultation-files';
  /** Label of the signing key (tokens of one resource never open another's files). */
  signerLabel: string;
  tag: string;
  linkSummary: string;
  fileSummary: string;
  /** Checks before the link is made (sign-in, subscription). */
  linkOnRequest: onRequestHookHandler | onRequestHookHandler[];
  linkResponse: z.ZodType;
  /** The link route's refusals besides 404, for the OpenAPI document. */
  linkRefusals: Partial<Record<401 | 403, z.ZodType>>;
  fileQuery: z.ZodType<{ token: string; download?: '1' | '0' }>;
  /** What a 403 of the file route means, for the OpenAPI document. */
  fileRefusal: string;
  expiredMessage: ValidationMessageKey;
  /** The file the signed-in caller may have a link to; null answers 404 (none, or not theirs to see). */
  fileForLink(id: number, request: FastifyRequest): Promise<PrivateFile | null>;
  /**
   * At download, the file the link's holder (`uid`) may still read: null answers 404; a refusal of
   * its own (an ended subscription) is sent on `reply` and answered `'answered'`.
   */
  fileForHolder(id: number, uid: number, request: FastifyRequest, reply: FastifyReply): Promise<PrivateFile | null | 'answered'>;
}

export function fileLinkRoutes(parent: FastifyInstance, options: FileLinkRoutesOptions): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const signer = createFileLinkSigner(app.config.JWT_SECRET ?? app.config.COOKIE_SECRET, options.signerLabel);
  const frameAncestors = [...new Set([...app.config.FRAME_ANCESTORS, ...app.config.CORS_ORIGINS])];
  const { resource } = options;

  app.post(
    `/${resource}/:id/file-link`,
    {
      onRequest: options.linkOnRequest,
      schema: {
        tags: [options.tag],
        summary: options.linkSummary,
        description: `Both addresses are relative to the API base (\`${resource}/3/file?token=...\`), valid 15 minutes.`,
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        response: { 200: options.linkResponse, ...options.linkRefusals, 404: errorEnvelopeSchema.describe('No such file, or not yours to see'), ...errorResponses },
      },
    },
    async (request) => {
      const file = await options.fileForLink(request.params.id, request);
      if (!file) throw notFound();
      const { token, expiresAt } = signer.sign({ scope: resource, id: request.params.id, uid: request.user!.id }, FILE_LINK_TTL_SECONDS);
      const base = `${resource}/${request.params.id}/file?token=${encodeURIComponent(token)}`;
      return {
        status: true as const,
        data: {
          name: file.name,
          mime: file.mime,
          size: file.size,
          inline: isInlineType(file.mime),
          view_url: base,
          download_url: `${base}&download=1`,
          expires_at: expiresAt.toISOString(),
        },
      };
    },
  );

  app.get(
    `/${resource}/:id/file`,
    {
      schema: {
        tags: [options.tag],
        summary: options.fileSummary,
        params: idParamsSchema,
        querystring: options.fileQuery,
        response: {
          200: z.unknown().describe('The file, with its real name in Content-Disposition'),
          302: z.unknown().describe('With the S3 store: a presigned address of the file, valid S3_PRESIGN_TTL_SECONDS'),
          403: errorEnvelopeSchema.describe(options.fileRefusal),
          404: errorEnvelopeSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const check = signer.verify(request.query.token, resource, id);
      if (!check.ok) throw new AppError(403, options.expiredMessage);
      const file = await options.fileForHolder(id, check.claims.uid, request, reply);
      if (file === 'answered') return reply;
      if (!file) throw notFound();
      const offer = { name: file.name, mime: file.mime, download: request.query.download === '1', fallbackName: file.fallbackName };
      const presigned = await app.storage.privateUrl(file.path, app.config.S3_PRESIGN_TTL_SECONDS, {
        contentType: file.mime,
        contentDisposition: privateDisposition(offer),
      });
      if (presigned) return reply.header('Cache-Control', 'private, no-store').redirect(presigned, 302);
      const object = await app.storage.stream(file.path);
      if (!object) {
        request.log.error({ resource, id, path: file.path }, 'private file missing from the store');
        throw notFound();
      }
      return sendPrivateFile(reply, { object, ...offer, frameAncestors });
    },
  );
}
