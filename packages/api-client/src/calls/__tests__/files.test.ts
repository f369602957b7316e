import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, http } from '../../http';
import { useSession } from '../../session-store';
import { fetchFileBlob, uploadFile } from '../files';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

// A real HTTP server on localhost plays both the API and the store (an absolute url, as S3's).
describe('files calls', () => {
  let server: Server;
  let base: string;
  let seen: Seen[];
  const previousBase = http.defaults.baseURL;

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const url = request.url ?? '';
        seen.push({ method: request.method ?? '', url, headers: request.headers, body: Buffer.concat(chunks).toString('latin1') });
        if (url.startsWith('/api/v1/files/presigned-post-url')) {
          response.setHeader('content-type', 'application/json');
          response.end(
            JSON.stringify({
              url: `${base}/bucket`,
              fields: { key: 'abc1234scan.pdf', 'Content-Type': 'application/pdf', policy: 'cG9saWN5' },
            }),
          );
        } else if (url === '/bucket') {
          response.statusCode = 204;
          response.end();
        } else if (url.startsWith('/api/v1/files/presigned-get-url')) {
          const key = new URL(url, base).searchParams.get('file_name');
          response.setHeader('content-type', 'application/json');
          if (key === 'missing.pdf') {
            response.statusCode = 404;
            response.end(JSON.stringify({ error: 'File not found', code: 'NOT_FOUND' }));
          } else response.end(JSON.stringify({ url: `${base}/download/${key}` }));
        } else if (url === '/download/gone123a.pdf') {
          response.statusCode = 404;
          response.setHeader('content-type', 'application/xml');
          response.end('<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>');
        } else {
          response.setHeader('content-type', 'application/pdf');
          response.end('%PDF-1.4 bytes');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    http.defaults.baseURL = `${base}/api/v1`;
  });

  afterAll(async () => {
    http.defaults.baseURL = previousBase;
    await new Promise((resolve) => server.close(resolve));
  });

  beforeEach(() => {
    seen = [];
    useSession.setState({ token: 'secret-token' });
  });

  it('uploads the fields in order then the file last, without our session headers, and returns the key', async () => {
    const progress: number[] = [];
    const file = new File(['%PDF-1.4 hello'], 'scan.pdf', { type: 'application/pdf' });
    await expect(uploadFile(file, { onProgress: (f) => progress.push(f) })).resolves.toBe('abc1234scan.pdf');

    const [presign, upload] = seen;
    expect(presign.url).toBe('/api/v1/files/presigned-post-url?file_name=scan.pdf');
    expect(presign.headers.authorization).toBe('Bearer secret-token');
    expect(upload.method).toBe('POST');
    expect(upload.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload.headers.authorization).toBeUndefined();
    expect(upload.headers.token).toBeUndefined();
    const names = [...upload.body.matchAll(/; name="([^"]+)"/g)].map((m) => m[1]);
    expect(names).toEqual(['key', 'Content-Type', 'policy', 'file']);
    expect(upload.body).toContain('%PDF-1.4 hello');
    expect(progress.at(-1)).toBe(1);
  });

  it('fetches the bytes through the signed link', async () => {
    const blob = await fetchFileBlob('abc1234scan.pdf');
    expect(seen.map((s) => s.url)).toEqual(['/api/v1/files/presigned-get-url?file_name=abc1234scan.pdf', '/download/abc1234scan.pdf']);
    expect(seen[1].headers.authorization).toBeUndefined();
    expect(blob).toBeDefined();
  });

  it('rejects with status 404 when the key is unknown or the store has lost the bytes', async () => {
    await expect(fetchFileBlob('missing.pdf')).rejects.toMatchObject({ status: 404 });
    const error = await fetchFileBlob('gone123a.pdf').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'The specified key does not exist.' });
  });
});
