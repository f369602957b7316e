import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTestApp } from '../../test-support/app';
import { inlineScriptHashes } from '../web';

// the shell's pages carry its boot script inline (shell/boot-hints.cjs); the policy names its hash
const BOOT = '!function(){window.__imprestBoot={}}();';
const sha = (code: string) => `'sha256-${crypto.createHash('sha256').update(code).digest('base64')}'`;
const page = (script: string) =>
  `<!doctype html><html><head><script>${script}</script><script defer src=/main.js></script></head><body><div id=root></div></body></html>`;

async function webRoot(files: Record<string, string>) {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'imprest-inline-'));
  for (const [name, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await fs.writeFile(path.join(root, name), content);
  }
  return root;
}

describe('the inline boot script and the content security policy', () => {
  it('lists the hash of each inline script of index.html and signin.html, once each, and no script with a src', async () => {
    const root = await webRoot({ 'shell/dist/index.html': page(BOOT), 'shell/dist/signin.html': page(BOOT) });
    try {
      expect(inlineScriptHashes(root)).toEqual([sha(BOOT)]);
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });

  it('lists nothing without a web root or a shell build', async () => {
    expect(inlineScriptHashes(null)).toEqual([]);
    const root = await webRoot({ 'mf-requests/dist/remoteEntry.js': '' });
    try {
      expect(inlineScriptHashes(root)).toEqual([]);
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });

  it("lets the served page's own boot script run and no other inline script", async () => {
    const root = await webRoot({ 'shell/dist/index.html': page(BOOT) });
    const t = await createTestApp('sqlite', { seed: false, env: { WEB_ROOT: root } });
    try {
      for (const url of ['/', '/dashboard']) {
        const csp = String((await t.app.inject({ method: 'GET', url })).headers['content-security-policy']);
        const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
        // exactly: 'self' and that one hash (no 'unsafe-inline', no other script)
        expect(scriptSrc?.trim()).toBe(`script-src 'self' ${sha(BOOT)}`);
      }
      // an answer that is not a page runs no script at all, the boot script's neither
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
    } finally {
      await t.close();
      await fs.rm(root, { recursive: true, force: true });
    }
  });
});
