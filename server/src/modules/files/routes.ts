import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { UPLOAD_NAME_INPUT_MAX } from '@imprest/domain';
import { AppError } from '../../errors';
import { documentOperation } from '../../plugins/swagger';
import { errors, fileAnswer } from '../../schemas';
import { UploadInterrupted, uploadFormLimits } from '../../storage/multipart';
import type { FilesService } from './service';
import { FILES_DOCS } from './descriptions';

const signedIn: { security: Array<Record<string, string[]>>; tags: string[] } = {
  security: [{ bearer: [] }, { token: [] }],
  tags: ['files'],
};
const FileNameQuery = Type.Object(
  { file_name: Type.String({ minLength: 1, maxLength: UPLOAD_NAME_INPUT_MAX }) },
  { additionalProperties: false },
);
const PresignedPostSchema = Type.Object(
  { url: Type.String(), fields: Type.Record(Type.String(), Type.String()) },
  {
    additionalProperties: false,
    description: 'POST a multipart/form-data form to url with every field, then `file` last; 204 when stored',
  },
);
const DownloadQuery = Type.Object(
  {
    key: Type.String({ minLength: 1, maxLength: 300 }),
    expires: Type.String({ maxLength: 20 }),
    signature: Type.String({ maxLength: 100 }),
  },
  { additionalProperties: false },
);

/**
 * The upload form as documented (the handler reads it as a stream, so it is not a validated body):
 * every field of the presigned form, then the file.
 */
const UploadForm = Type.Object(
  {
    key: Type.String({ description: 'The key from presigned-post-url' }),
    file: Type.String({ format: 'binary', description: 'The file, last' }),
  },
  { additionalProperties: Type.String({ description: 'Every other field of presigned-post-url, as given' }) },
);

/**
 * Files. The two presign calls are for signed-in users; the upload and download
 * endpoints of the local store are authorised by their signature, as S3's are (the browser sends
 * no token to a bucket), so the same browser code serves both stores.
 */
export const filesRoutes: FastifyPluginAsyncTypebox<{ files: FilesService }> = async (app, { files }) => {
  // Only in this plugin's scope: multipart bodies are read by the upload handler, as a stream, within these limits.
  await app.register(fastifyMultipart, { limits: uploadFormLimits(files.maxBytes) });

  app.get(
    '/files/presigned-post-url',
    {
      config: { permission: 'authenticated', access: [], objectRule: 'uploadNameProblem; key issued to the caller as its uploader' },
      schema: {
        ...signedIn,
        summary:
          'A key for an original file name and the signed form to upload it with (expires in 15 minutes); 409 past the quota of uploads no request lists',
        description: FILES_DOCS.presignPost,
        querystring: FileNameQuery,
        response: { 200: PresignedPostSchema, ...errors(400, 401, 409) },
      },
    },
    async (request) => files.presignedPost(request.user!, request.query.file_name),
  );

  app.get(
    '/files/presigned-get-url',
    {
      config: { permission: 'authenticated', access: ['file.read'] },
      schema: {
        ...signedIn,
        summary: 'A download link (expires in 5 minutes) for a stored file the caller may read',
        description: FILES_DOCS.presignGet,
        querystring: FileNameQuery,
        response: { 200: Type.Object({ url: Type.String() }, { additionalProperties: false }), ...errors(400, 401, 404) },
      },
    },
    async (request) => files.presignedGet(request.user!, request.query.file_name),
  );

  app.post(
    '/files/upload',
    {
      config: {
        permission: 'public',
        access: ['signed-link'],
        objectRule: 'upload policy (local store)',
        swaggerTransform: (route) =>
          documentOperation({ ...route, schema: { ...route.schema, body: UploadForm, consumes: ['multipart/form-data'] } }),
      },
      schema: {
        tags: ['files'],
        summary: "The local store's upload endpoint: the presigned form, file last (as sent to S3)",
        description: FILES_DOCS.upload,
        response: { 204: Type.Null(), ...errors(400, 404, 413) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('BAD_REQUEST', 'Send the file as multipart/form-data');
      const aborted = () => request.raw.destroyed && !request.raw.complete;
      try {
        await files.receiveUpload(request.parts(), request.headers['content-length'], aborted);
      } catch (error) {
        // a closed tab or a dropped connection: routine, and nobody is there to read an answer
        if (error instanceof UploadInterrupted) request.log.info('upload interrupted by the client');
        throw error;
      }
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/files/download',
    {
      config: { permission: 'public', access: ['signed-link'], objectRule: 'download link (local store)' },
      schema: {
        tags: ['files'],
        summary: "The local store's download link: the bytes as an attachment",
        description: FILES_DOCS.download,
        querystring: DownloadQuery,
        response: {
          200: fileAnswer('application/octet-stream', 'The file, under its original name'),
          ...errors(400, 404),
        },
      },
    },
    async (request, reply) => {
      const file = await files.download(request.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', file.disposition)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.stream);
    },
  );
};
