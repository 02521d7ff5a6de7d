import fp from 'fastify-plugin';
import compress from '@fastify/compress';

/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * brotli / gzip / deflate (zstd on Node versions that have it) for every compressible answer of at
 * least {@link COMPRESS_THRESHOLD} bytes, as negotiated by Accept-Encoding (brotli at quality 4:
 * the plugin's default, about as fast as gzip). Answers that already carry a Content-Encoding (the
 * read cache's stored brotli and gzip forms) are left alone. Request bodies are not decompressed:
 * no client of this API sends them compressed.
 */
export default fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      threshold: COMPRESS_THRESHOLD,
      globalDecompression: false,
    });
  },
  { name: 'compress' },
);
