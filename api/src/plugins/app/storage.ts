import fp from 'fastify-plugin';
import { SEED_ASSETS_DIR } from '../../config';
import { createFileStorage, type FileStorage } from '../../lib/uploads';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploads are stored: FILES_DIR, or the S3 bucket when S3_BUCKET is set (lib/uploads/storage.ts). */
    storage: FileStorage;
  }
}

/** Chooses the file store once, at start. */
export default fp(
  async (app) => {
    const storage = createFileStorage(app.config, SEED_ASSETS_DIR);
    app.decorate('storage', storage);
    if (storage.kind === 's3') app.log.info({ bucket: app.config.S3_BUCKET, endpoint: app.config.S3_ENDPOINT }, 'files are stored in S3');
  },
  { name: 'storage', dependencies: ['config'] },
);
