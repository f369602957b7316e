import { INVALID_EMAIL, forgotPasswordSchema } from '../forms';

describe('forgotPasswordSchema', () => {
  it.each(['', '   ', 'not-an-address@', 'a@b'])("refuses %j with '%s'", async (email) => {
    await expect(forgotPasswordSchema.validate({ email })).rejects.toThrow(INVALID_EMAIL);
  });

  it('takes an address with spaces around it and capitals', async () => {
    await expect(forgotPasswordSchema.validate({ email: '  Finance_Officer@Example.org ' })).resolves.toEqual({
      email: 'Finance_Officer@Example.org',
    });
  });
});
