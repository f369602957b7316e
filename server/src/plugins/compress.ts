import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * API answers compressed: a page of ten requests is ~14 KB of JSON and ~1.6 KB as br,
 * a quarter of a second at 400 kbps. Brotli at quality 4 (the plugin's default: 11 costs far more
 * CPU than it saves bytes on answers made per call), gzip for clients without br; answers under
 * 1 KB go as they are (validate-token, the small writes), where compressing costs more than it
 * saves. Register inside the API scope: the web files are precompressed on disk and served as such.
 * Request bodies are not inflated: a compressed upload would sidestep the body limit's intent.
 */
export async function registerCompression(api: FastifyInstance): Promise<void> {
  await api.register(compress, { encodings: ['br', 'gzip'], threshold: 1024, globalDecompression: false });
}
