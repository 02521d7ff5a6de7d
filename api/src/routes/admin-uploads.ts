/**
 * `POST admin/uploads?kind=image|pdf`: the console's one way in for files (issue 19). The file goes
 * through the upload pipeline every form uses (type recognised by content, size counted as it
 * arrives, a server-made name, pictures decoded and re-encoded); the answer names the stored file,
 * which the content's save then refers to. Images are public (`public/images/content/...`, served
 * at /files/...), PDFs private (`private/content/...`, sent only by authorized routes). A file
 * uploaded and never saved stays on disk (a console user may upload several before saving one).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rolesFor } from '@scholars/shared-contracts/authorization';
import { RESEARCH_FILE_MAX_BYTES, RESEARCH_IMAGE_MAX_BYTES, errorEnvelopeSchema, uploadQuerySchema, uploadResponseSchema, type UploadKind } from '@scholars/shared-contracts/schemas';
import { megabytes, readMultipartForm, removeStored, type UploadRule } from '../lib/uploads';
import { auditContent } from '../lib/operators/content';
import multipartPlugin from '../plugins/external/multipart';
import { errorResponses, staffErrors } from './schemas';

/** The rule of each kind: the same types and limits as the research form's files. */
export function contentUploadRules(uploadLimit: number): Record<UploadKind, UploadRule> {
  return {
    image: {
      field: 'file',
      types: ['image/jpeg', 'image/png', 'image/webp'],
      maxBytes: Math.min(RESEARCH_IMAGE_MAX_BYTES, uploadLimit),
      root: 'public',
      folder: 'images/content',
      typeError: 'validation.fileMustBeImage',
      requiredError: 'validation.required',
      fallbackName: 'image',
      // Covers, banners and photos: 2048 px is sharp page-wide on high-density screens.
      image: { maxSide: 2048 },
    },
    pdf: {
      field: 'file',
      types: ['application/pdf'],
      maxBytes: Math.min(RESEARCH_FILE_MAX_BYTES, uploadLimit),
      root: 'private',
      folder: 'content',
      typeError: 'validation.fileMustBePdf',
      requiredError: 'validation.required',
      fallbackName: 'document',
    },
  };
}

const adminUploads: FastifyPluginAsyncZod = async (app) => {
  const rules = contentUploadRules(app.config.UPLOAD_LIMIT);
  // Only the routes of this plugin read multipart/form-data (plugins/external/multipart.ts).
  await app.register(multipartPlugin);
  app.post(
    '/admin/uploads',
    {
      onRequest: app.requireRole(...rolesFor('POST /api/admin/uploads')),
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary: 'Upload an image (PNG, JPEG, WebP; 5 MB) or a PDF (20 MB) for content; save the content with the path answered',
        consumes: ['multipart/form-data'],
        querystring: uploadQuerySchema,
        response: {
          201: uploadResponseSchema,
          ...staffErrors,
          413: errorEnvelopeSchema.describe('Larger than the limit of its kind'),
          415: errorEnvelopeSchema.describe('Not multipart/form-data'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const rule = rules[request.query.kind];
      const form = await readMultipartForm(request, [rule], app.storage);
      const problem = form.problems.file;
      const file = form.files.file;
      if (problem || !file) {
        await removeStored(app.storage, [file?.path]);
        const status = problem?.status ?? 400;
        const key = problem?.key ?? 'validation.required';
        const params = key === 'validation.fileTooLarge' ? { maximum: megabytes(rule.maxBytes) } : problem?.params;
        const msg = request.t(key, params);
        return reply.code(status).send({ status: false, err: status, msg, errors: { file: msg } });
      }
      await auditContent(app.db, {
        actorId: request.user!.id,
        action: 'content.upload',
        targetType: 'file',
        targetId: null,
        details: { path: file.path, name: file.originalName, size: file.size },
      });
      return reply.code(201).send({
        status: true as const,
        msg: request.t('success.fileUploaded'),
        data: { path: file.path, original_name: file.originalName, mime: file.mime, size: file.size },
      });
    },
  );
};

export default adminUploads;
