import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';

/** multipart/form-data (contact form, uploads), bounded by UPLOAD_LIMIT per file. */
export default fp(
  async (app) => {
    await app.register(multipart, {
      limits: {
        fileSize: app.config.UPLOAD_LIMIT,
        files: 4,
        fields: 40,
        fieldSize: 100 * 1024,
        parts: 50,
        headerPairs: 200,
      },
    });
  },
  { name: 'multipart', dependencies: ['config'] },
);
