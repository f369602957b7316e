import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { signIn } from '../../../test-support/http';
import { DEMO_PASSWORD } from '../../../db/seed';

const BLOCKED = { error: 'Too many failed sign-ins. Please wait 15 minutes and try again.', code: 'TOO_MANY_SIGN_INS' };
const WINDOW = 15 * 60_000;

describe.each(DIALECTS)('failed sign-in limits (%s)', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    // Default per-account limit (10 in 15 minutes); a low per-address one so a test can reach it.
    t = await createTestApp(dialect, { rateLimits: { signInFailuresPerAddress: { max: 5, timeWindow: WINDOW } } });
  });
  afterEach(() => t.close());

  const login = (email: string, password: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/v1/users/authenticate', payload: { email, password }, remoteAddress });
  /** One wrong guess from each of `count` addresses 127.0.<n>.<i>: one address alone stays far below its own limits. */
  async function guessFromMany(email: string, count: number, n: number) {
    for (let i = 1; i <= count; i += 1) expect((await login(email, 'wrong-guess', `127.0.${n}.${i}`)).statusCode).toBe(401);
  }

  it('blocks an account after 10 failures from 10 addresses, even with the right password, then lets it in after 15 minutes', async () => {
    await guessFromMany('director@example.org', 10, 1);
    const blocked = await login('director@example.org', DEMO_PASSWORD, '127.0.1.11');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(BLOCKED);
    // The holder's own address is blocked as well: the account is what is protected.
    expect((await login('director@example.org', DEMO_PASSWORD)).statusCode).toBe(429);
    // Other accounts are not affected.
    await signIn(t.app, 'staff@example.org');

    t.clock.advance(WINDOW + 1000);
    expect((await login('director@example.org', DEMO_PASSWORD, '127.0.1.12')).statusCode).toBe(200);
  });

  it('answers a blocked account and a blocked address without an account identically', async () => {
    await guessFromMany('director@example.org', 10, 1);
    await guessFromMany('nobody@example.org', 10, 2);
    const known = await login('director@example.org', 'wrong-guess', '127.0.3.1');
    const unknown = await login('nobody@example.org', 'wrong-guess', '127.0.3.2');
    expect(known.statusCode).toBe(429);
    expect(unknown.statusCode).toBe(429);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual(BLOCKED);
  });

  it('counts a burst of parallel guesses before checking any password, so the burst cannot overshoot', async () => {
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => login('admin@example.org', 'wrong-guess', `127.0.4.${i + 1}`)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c !== 401 && c !== 429)).toEqual([]);
    // Guessing on one at a time: the password is checked exactly 10 times in all, burst included.
    for (let i = 0, last = 0; i < 12 && last !== 429; i += 1) {
      last = (await login('admin@example.org', 'wrong-guess', `127.0.4.${50 + i}`)).statusCode;
      codes.push(last);
    }
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect((await login('admin@example.org', DEMO_PASSWORD, '127.0.4.99')).statusCode).toBe(429);
  });

  it("does not lift an account's block when the attacker signs in to their own account in between", async () => {
    await guessFromMany('director@example.org', 9, 5);
    // The attacker's own account, from an address that already guessed the director's password.
    expect((await login('staff@example.org', DEMO_PASSWORD, '127.0.5.1')).statusCode).toBe(200);
    expect((await login('director@example.org', 'wrong-guess', '127.0.5.10')).statusCode).toBe(401);
    expect((await login('director@example.org', DEMO_PASSWORD, '127.0.5.1')).statusCode).toBe(429);
  });

  it('forgets the holder’s own typos from their address once they sign in', async () => {
    for (let i = 0; i < 4; i += 1) expect((await login('finance_officer@example.org', 'typo', '127.0.6.1')).statusCode).toBe(401);
    expect((await login('finance_officer@example.org', DEMO_PASSWORD, '127.0.6.1')).statusCode).toBe(200);
    await guessFromMany('finance_officer@example.org', 10, 7);
    expect((await login('finance_officer@example.org', 'typo', '127.0.6.1')).statusCode).toBe(429);
  });

  it('caps failures from one address across accounts; a sign-in there in between does not reset the cap', async () => {
    const office = '10.1.1.1';
    const accounts = ['director@example.org', 'nobody1@example.org', 'admin@example.org', 'nobody2@example.org'];
    for (const email of accounts) expect((await login(email, 'sprayed-password', office)).statusCode).toBe(401);
    expect((await login('staff@example.org', DEMO_PASSWORD, office)).statusCode).toBe(200);
    expect((await login('nobody3@example.org', 'sprayed-password', office)).statusCode).toBe(401);
    const capped = await login('nobody4@example.org', 'sprayed-password', office);
    expect(capped.statusCode).toBe(429);
    expect(capped.json()).toEqual(BLOCKED);
    // Another address, and another account from it, are unaffected.
    expect((await login('nobody4@example.org', 'sprayed-password', '10.1.1.2')).statusCode).toBe(401);
  });
});
