import { createTokenSigner, newSecret } from '../tokens';

describe('token signer', () => {
  const signer = createTokenSigner(newSecret());
  const now = new Date('2026-03-01T10:00:00Z');
  const claims = { sessionId: 'abcDEF_123-x', userId: 42, expiresAt: now.getTime() + 60_000 };

  it('verifies what it signed until the expiry', () => {
    const token = signer.sign(claims);
    expect(signer.verify(token, now)).toEqual(claims);
    expect(signer.verify(token, new Date(claims.expiresAt))).toBeNull();
  });

  it('rejects tokens signed with another key or altered in any part', () => {
    const token = signer.sign(claims);
    expect(createTokenSigner(newSecret()).verify(token, now)).toBeNull();
    const parts = token.split('.');
    const altered = [
      [parts[0], parts[1], '43', parts[3], parts[4]],
      [parts[0], parts[1], parts[2], String(claims.expiresAt + 1), parts[4]],
      [parts[0], 'otherSession', parts[2], parts[3], parts[4]],
      ['v2', ...parts.slice(1)],
      parts.slice(0, 4),
    ];
    for (const p of altered) expect(signer.verify(p.join('.'), now)).toBeNull();
    expect(signer.verify(`${token}${'x'.repeat(600)}`, now)).toBeNull();
  });

  it('checks the clock on every call of a token whose signature it remembers, and remembers only correct ones', () => {
    const mine = createTokenSigner(newSecret());
    const token = mine.sign(claims);
    const [body, signature] = [token.slice(0, token.lastIndexOf('.')), token.slice(token.lastIndexOf('.') + 1)];
    const forged = `${body}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(mine.verify(forged, now)).toBeNull();
    expect(mine.verify(token, now)).toEqual(claims);
    expect(mine.verify(forged, now)).toBeNull();
    expect(mine.verify(token, new Date(claims.expiresAt))).toBeNull();
    // thousands of other sessions later (the oldest are let go), the first token is checked again and holds
    for (let i = 0; i < 3000; i += 1) expect(mine.verify(mine.sign({ ...claims, sessionId: `s${i}` }), now)).not.toBeNull();
    expect(mine.verify(token, now)).toEqual(claims);
    expect(mine.verify(forged, now)).toBeNull();
  });
});
