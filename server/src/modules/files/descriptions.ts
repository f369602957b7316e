// The rules of each files call that its schema cannot say, as the OpenAPI document's `description`.
// Both stores speak S3's browser-POST protocol, so the browser code is the same for either.

const READERS = [
  '**Who reads** (`canReadFile`, `server/src/modules/files/access.ts`): the uploader (same organisation), and anyone who may see a',
  "record listing the key (a request: its owner, its chain's roles, finance; a retirement's receipts likewise). An upload no",
  "record lists stays the uploader's alone. Anyone else, and an unknown key: 404.",
].join('\n');

export const FILES_DOCS = {
  presignPost: [
    '**Keys** are made by the server: 7 random characters `[a-z0-9]` and the original name made safe (`safeUploadName`: `"<>:|?*`',
    'and control characters become `_`, whitespace runs one space, no leading dots, at most 120 characters, the extension kept',
    'and lower-cased). The prefix is always 7: the screens drop 7 characters to show the name (`displayFileName`), so a shorter',
    'one would eat its start. A name with `/`, `\\` or a control character, or an extension not accepted, gets 400 and no key.',
    '',
    '**Policy**: expires after 15 minutes, fixes the key, the size (1 byte to `UPLOAD_MAX_BYTES`) and the content type the',
    'extension gives. Local store: fields `key`, `Content-Type`, `x-imprest-algorithm`, `policy` (base64 JSON `{expiration,',
    "conditions}` shaped as S3's), `x-imprest-signature` (HMAC-SHA256 with a key every instance shares); `url` is",
    '`/api/v1/files/upload`. S3: `Content-Type`, `bucket`, `X-Amz-Algorithm`, `X-Amz-Credential`, `X-Amz-Date`,',
    "`X-Amz-Security-Token` (temporary credentials), `key`, `Policy`, `X-Amz-Signature` (SigV4); `url` is the bucket's.",
    '',
    "**Quota**: a user's uploads that no record lists (keys issued but never sent count too) must be under `UPLOAD_QUOTA_FILES`",
    "(50) and `UPLOAD_QUOTA_BYTES` (100 MB of known sizes; an S3 upload's size is known once confirmed, so there the count is the",
    'bound); past either, 409 saying how to free room. Unlisted uploads older than a day are deleted.',
  ].join('\n'),
  upload: [
    "The form's plain fields first, each once, then one part named `file`, nothing after it. The policy is checked when the file",
    'part starts, before a byte is written (signature, expiry, same key, same type, no other fields, as S3 refuses extra',
    'fields), the size while reading (a `Content-Length` over the cap + 64 KB is refused before reading). A key is written once.',
    '204 stored; 400 a bad form or policy, an expired policy, a used key or an empty file; 413 too large.',
  ].join('\n'),
  presignGet: [
    '`file_name` is the key (`fields.key` of the upload). Local links last 5 minutes; S3 links are SigV4 presigned GETs that ask',
    'for `response-content-disposition=attachment…` and the stored type (S3 cannot add `nosniff`: the attachment disposition and',
    'the fixed type are the protection there). With S3 an upload not yet confirmed is checked with a signed HEAD first.',
    '',
    READERS,
  ].join('\n'),
  download: [
    'Answers the bytes with `Content-Disposition: attachment; filename="<display name>"; filename*=UTF-8\'\'…`,',
    "`X-Content-Type-Options: nosniff`, `Cache-Control: private, no-store`, `Content-Security-Policy: default-src 'none'; sandbox`",
    'and the stored type (only the accepted types; anything else `application/octet-stream`, never HTML). A bad, expired or',
    'tampered link, a key that is not a generated key, or a file not uploaded: 404.',
  ].join('\n'),
};
