import { amzDates, postPolicySignature, presignPost, presignUrl, signingKey, uriEncode } from '../sigv4';

const EXAMPLE = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1' };

describe('AWS Signature V4', () => {
  it('derives the signing key of the documented example (IAM, 20120215)', () => {
    // https://docs.aws.amazon.com/general/latest/gr/signature-v4-examples.html
    expect(signingKey('wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', '20120215', 'us-east-1', 'iam').toString('hex')).toBe(
      'f4780e2d9f65fa895f9c67b32ce1baf0b0d8a43505a000a1a9e090d414db404d',
    );
  });

  it('presigns the documented GET example (examplebucket/test.txt, 24 h)', () => {
    // https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html
    const url = presignUrl({
      ...EXAMPLE,
      method: 'GET',
      origin: 'https://examplebucket.s3.amazonaws.com',
      path: '/test.txt',
      date: new Date('2013-05-24T00:00:00Z'),
      expiresSeconds: 86400,
    });
    expect(url).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });

  it('builds a POST policy fixing bucket, key, size, type and expiry', () => {
    const fields = presignPost({
      ...EXAMPLE,
      bucket: 'imprest',
      key: 'abc1234receipt.pdf',
      contentType: 'application/pdf',
      maxBytes: 10 * 1024 * 1024,
      date: new Date('2026-01-02T03:04:05Z'),
      expiration: new Date('2026-01-02T03:19:05Z'),
    });
    expect(Object.keys(fields)).toEqual([
      'key',
      'Content-Type',
      'x-amz-algorithm',
      'x-amz-credential',
      'x-amz-date',
      'policy',
      'x-amz-signature',
    ]);
    expect(fields['x-amz-credential']).toBe('AKIAIOSFODNN7EXAMPLE/20260102/us-east-1/s3/aws4_request');
    expect(fields['x-amz-date']).toBe('20260102T030405Z');
    const policy = JSON.parse(Buffer.from(fields.policy, 'base64').toString('utf8'));
    expect(policy).toEqual({
      expiration: '2026-01-02T03:19:05.000Z',
      conditions: [
        { bucket: 'imprest' },
        ['eq', '$key', 'abc1234receipt.pdf'],
        ['content-length-range', 1, 10485760],
        ['eq', '$Content-Type', 'application/pdf'],
        { 'x-amz-algorithm': 'AWS4-HMAC-SHA256' },
        { 'x-amz-credential': fields['x-amz-credential'] },
        { 'x-amz-date': '20260102T030405Z' },
      ],
    });
    expect(fields['x-amz-signature']).toBe(postPolicySignature(fields.policy, EXAMPLE.secretAccessKey, '20260102', 'us-east-1'));
  });

  it('encodes as SigV4 wants', () => {
    expect(uriEncode("a b/c!'()*~é")).toBe('a%20b%2Fc%21%27%28%29%2A~%C3%A9');
    expect(uriEncode('/bucket/a b.pdf', true)).toBe('/bucket/a%20b.pdf');
    expect(amzDates(new Date('2013-05-24T00:00:00.123Z'))).toEqual({ amzDate: '20130524T000000Z', dateStamp: '20130524' });
  });
});
