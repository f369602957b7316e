import { randomInt } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { Multipart } from '@fastify/multipart';
import { displayFileName, safeUploadName, STORED_PREFIX_LENGTH, uploadContentType, uploadNameProblem } from '@imprest/domain';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import type { UserRow } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { attachmentDisposition, servedContentType, type FileStore, type PresignedPost } from '../../storage';
import type { LocalFileStore } from '../../storage/local-store';
import { readFileForm } from '../../storage/multipart';
import { delegatedRoles, runningDelegations } from '../delegations/acting';
import { canReadFile, listedByVisibleRequest } from './access';
import { findFileByKey, insertFile, markUploaded, unattachedTotals } from './repository';

/** Presigned uploads live 15 minutes (the ceiling), download links 5. */
export const POST_POLICY_TTL_MS = 15 * 60 * 1000;
export const GET_LINK_TTL_MS = 5 * 60 * 1000;
/** Room for the form fields and part headers around the file itself. */
const MULTIPART_MARGIN_BYTES = 64 * 1024;

const PREFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * docs/records.md allows a 5-to-7-character prefix, but displayFileName always drops 7: a shorter prefix
 * would eat the start of the name. So the prefix is always exactly STORED_PREFIX_LENGTH (7)
 * lower-case letters and digits (36^7 ≈ 7.8e10 keys; lower case so keys cannot collide on a
 * case-insensitive disk). The key column is unique, so a collision retries.
 */
function newKey(originalName: string): string {
  let prefix = '';
  for (let i = 0; i < STORED_PREFIX_LENGTH; i++) prefix += PREFIX_ALPHABET[randomInt(PREFIX_ALPHABET.length)];
  return `${prefix}${safeUploadName(originalName)}`;
}

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

export function createFilesService(ctx: AppContext, store: FileStore, local: LocalFileStore | null) {
  const maxBytes = ctx.config.uploadMaxBytes;

  /** GET files/presigned-post-url: issues a key for the caller and the signed form to send the file with. */
  async function presignedPost(caller: UserRow, fileName: string): Promise<PresignedPost> {
    const problem = uploadNameProblem(fileName);
    if (problem) throw new AppError('BAD_REQUEST', problem);
    const contentType = uploadContentType(safeUploadName(fileName))!;
    await assertWithinQuota(caller);
    const now = ctx.clock();
    for (let attempt = 0; ; attempt++) {
      const key = newKey(fileName);
      try {
        await insertFile(ctx.db, {
          key,
          organization_id: caller.organization_id,
          uploader_id: caller.id,
          original_name: safeUploadName(fileName),
          content_type: contentType,
          created_at: now.toISOString(),
        });
      } catch (error) {
        if (attempt < 3 && isUniqueViolation(error)) continue;
        throw error;
      }
      return store.presignPost({ key, contentType, maxBytes, now, expiresAt: new Date(now.getTime() + POST_POLICY_TTL_MS) });
    }
  }

  /**
   * A user's uploads that no record lists (keys issued but never sent included) are capped, so
   * nobody can fill the store with files the clean-up only removes after a day. Two calls at once
   * may each pass the check: the cap can be overrun by a request or two, not by a flood.
   */
  async function assertWithinQuota(caller: UserRow): Promise<void> {
    const quota = ctx.config.uploadQuota;
    const held = await unattachedTotals(ctx.db, ctx.dialect, caller.id);
    if (held.files < quota.files && held.bytes < quota.bytes) return;
    throw new AppError(
      'CONFLICT',
      `You have ${held.files} uploads (${megabytes(held.bytes)}) not attached to a request, the most allowed is ${quota.files} files or ${megabytes(quota.bytes)}. ` +
        'Attach them to a request, or wait: uploads no request lists are deleted after a day.',
    );
  }

  /** GET files/presigned-get-url: a short-lived download link for a file the caller may read; else 404. */
  async function presignedGet(caller: UserRow, key: string): Promise<{ url: string }> {
    const file = await findFileByKey(ctx.db, key);
    // A delegate reads the evidence of the steps they may act on.
    const lent = async () => delegatedRoles(await runningDelegations(ctx.db, caller, ctx.clock));
    if (!file || !(await canReadFile(caller, file, async () => listedByVisibleRequest(ctx.db, caller, file, await lent()))))
      throw notFound();
    const now = ctx.clock();
    if (file.uploaded_at === null) {
      // Only S3 uploads arrive unseen; a local key without bytes was never uploaded.
      const size = store.kind === 's3' ? await store.stat(key) : null;
      if (size === null || size < 1) throw notFound();
      await markUploaded(ctx.db, key, size, now.toISOString());
    }
    return {
      url: await store.presignGet({
        key,
        displayName: displayFileName(key),
        contentType: file.content_type,
        now,
        expiresAt: new Date(now.getTime() + GET_LINK_TTL_MS),
      }),
    };
  }

  function localStore(): LocalFileStore {
    if (!local) throw notFound();
    return local;
  }

  /**
   * POST files/upload (local store only): the browser's form POST, checked as S3 checks it. The
   * policy is verified when the file part starts, before a byte is written; the bytes go to a
   * temp file, which is linked into place only when complete and within the limits, so a refused
   * or broken upload leaves nothing behind.
   */
  async function receiveUpload(parts: AsyncIterable<Multipart>, contentLength: string | undefined, aborted: () => boolean): Promise<void> {
    const store = localStore();
    if (contentLength !== undefined && Number(contentLength) > maxBytes + MULTIPART_MARGIN_BYTES)
      throw new AppError('PAYLOAD_TOO_LARGE', 'The upload is too large');
    const now = ctx.clock();
    let received: { key: string; tmpPath: string; size: number } | null = null;
    try {
      await readFileForm(
        parts,
        async (fields, file) => {
          const terms = await acceptedTerms(store, fields, now);
          received = { key: terms.key, ...(await store.receiveToTemp(file, terms.maxBytes)) };
        },
        aborted,
      );
      const { key, tmpPath, size } = received!;
      if (size < 1) throw new AppError('BAD_REQUEST', 'The file is empty');
      const finalPath = store.pathOf(key)!;
      try {
        await fs.link(tmpPath, finalPath); // fails if the key exists: never overwrite
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST')
          throw new AppError('BAD_REQUEST', 'This upload policy has already been used');
        throw error;
      }
      if (!(await markUploaded(ctx.db, key, size, ctx.clock().toISOString()))) {
        await fs.rm(finalPath, { force: true });
        throw new AppError('BAD_REQUEST', 'This upload policy has already been used');
      }
    } finally {
      const tmpPath = (received as { tmpPath: string } | null)?.tmpPath;
      if (tmpPath) await fs.rm(tmpPath, { force: true });
    }
  }

  /** The terms of a form's policy when it is signed, unexpired, unused and for an allowed type; else 400. */
  async function acceptedTerms(store: LocalFileStore, fields: Record<string, string>, now: Date) {
    const verified = store.verifyPolicy(fields, now);
    if (typeof verified === 'string') throw new AppError('BAD_REQUEST', verified);
    const file = await findFileByKey(ctx.db, verified.key);
    if (!file || file.uploaded_at !== null) throw new AppError('BAD_REQUEST', 'This upload policy has already been used');
    if (uploadContentType(verified.key) !== verified.contentType || file.content_type !== verified.contentType) {
      throw new AppError('BAD_REQUEST', 'The content type is not allowed for this file');
    }
    return { ...verified, maxBytes: Math.min(verified.maxBytes, maxBytes) };
  }

  /** GET files/download (local store only): the bytes of a signed, unexpired link. */
  async function download(query: { key: string; expires: string; signature: string }) {
    const store = localStore();
    if (!store.verifyDownload(query, ctx.clock())) throw notFound();
    const file = await findFileByKey(ctx.db, query.key);
    const filePath = store.pathOf(query.key);
    if (!file || file.uploaded_at === null || !filePath) throw notFound();
    let size: number;
    try {
      size = (await fs.stat(filePath)).size;
    } catch {
      throw notFound();
    }
    return {
      stream: createReadStream(filePath),
      size,
      contentType: servedContentType(file.content_type),
      disposition: attachmentDisposition(displayFileName(file.key)),
    };
  }

  return { presignedPost, presignedGet, receiveUpload, download, store, maxBytes };
}

export type FilesService = ReturnType<typeof createFilesService>;
