import { hash } from '@node-rs/argon2';
import { HASH_OPTIONS, PRODUCTION_HASH, hashPassword, verifyPassword } from '../passwords';

describe('password hashes', () => {
  it('cost the OWASP minimum outside the tests: argon2id, 19 MiB, 2 passes, 1 lane', () => {
    expect(PRODUCTION_HASH).toEqual({ algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  });

  it('are cheap only under jest, and a production hash still verifies there', async () => {
    expect(process.env.NODE_ENV).toBe('test');
    expect(HASH_OPTIONS.memoryCost).toBeLessThan(PRODUCTION_HASH.memoryCost);
    const production = await hash('demo-pass-2026', PRODUCTION_HASH);
    expect(production).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(production, 'demo-pass-2026')).toBe(true);
    expect(await verifyPassword(production, 'demo-pass-2027')).toBe(false);
    expect(await verifyPassword(await hashPassword('demo-pass-2026'), 'demo-pass-2026')).toBe(true);
  });
});
