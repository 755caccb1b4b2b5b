import { checkPasswordPolicy } from './password-policy';

const refusal = async (password: string, context = {}) => {
  const verdict = await checkPasswordPolicy(password, context);
  return verdict.ok ? null : verdict.message;
};

describe('password policy (ASVS V2.1)', () => {
  it('refuses common and guessable passwords and says why', async () => {
    expect(await refusal('12345678')).toMatch(
      /^Password is too easy to guess\. This is a heavily used password\./,
    );
    expect(await refusal('password123')).toMatch(/commonly used password/);
    expect(await refusal('qwertyuiop')).toMatch(/too easy to guess/);
    expect(await refusal('aaaaaaaaaaaa')).toMatch(/Repeated characters/);
  });

  it('refuses a password made of the account’s own name', async () => {
    expect(await refusal('margaretthatcher', { name: 'Margaret Thatcher' })).toMatch(/too easy/);
    expect(await refusal('zelda_k_1987', { username: 'zelda_k_1987' })).toMatch(/too easy/);
    expect(await refusal('zelda_k_1987')).toBeNull();
  });

  it('accepts long passphrases and any characters, spaces and emoji included', async () => {
    expect(await refusal('correct horse battery')).toBeNull();
    expect(await refusal('trustcircle-demo')).toBeNull();
    expect(await refusal('Tr0ub4dor&3')).toBeNull();
    expect(await refusal('ключ от квартиры 🗝️')).toBeNull();
  });

  it('counts characters as people do: 8 to 128', async () => {
    expect(await refusal('x7#pQ2!')).toBe('Password must be at least 8 characters');
    expect(await refusal('🗝️🐙🌵🎻')).toBe('Password must be at least 8 characters');
    expect(await refusal('a'.repeat(129))).toBe('Password must be at most 128 characters');
    const long = Array.from({ length: 16 }, (_, i) => `w${i * 7919}q`)
      .join(' ')
      .slice(0, 128);
    expect(await refusal(long)).toBeNull();
  });

  it('judges only the start of a long password, so one check stays cheap', async () => {
    const started = performance.now();
    expect(await refusal('1'.repeat(128))).toMatch(/too easy to guess/);
    expect(await refusal(`${'1'.repeat(40)}correct horse battery`)).toMatch(/too easy to guess/);
    expect(performance.now() - started).toBeLessThan(1500);
  });
});

describe('the estimator', () => {
  it('is loaded with its dictionaries on first use, not with the module (identity starts sooner)', async () => {
    const loaded: string[] = [];
    const modules = ['@zxcvbn-ts/core', '@zxcvbn-ts/language-common', '@zxcvbn-ts/language-en'];
    await jest.isolateModulesAsync(async () => {
      for (const name of modules) {
        jest.doMock(name, () => {
          loaded.push(name);
          return jest.requireActual(name);
        });
      }
      const policy = await import('./password-policy');
      expect(loaded).toEqual([]);
      expect(await policy.checkPasswordPolicy('correct horse battery staple')).toEqual({
        ok: true,
      });
      expect(loaded.sort()).toEqual(modules);
      expect(await policy.checkPasswordPolicy('password123')).toMatchObject({ ok: false });
      expect(loaded).toHaveLength(3);
    });
  });

  it('is loaded again on the next check when a load fails, and only once at a time', async () => {
    let attempts = 0;
    await jest.isolateModulesAsync(async () => {
      jest.doMock('@zxcvbn-ts/core', () => {
        attempts += 1;
        if (attempts === 1) throw new Error('disk hiccup');
        return jest.requireActual('@zxcvbn-ts/core');
      });
      const policy = await import('./password-policy');
      await expect(policy.checkPasswordPolicy('correct horse battery staple')).rejects.toThrow(
        'disk hiccup',
      );
      const checks = await Promise.all([
        policy.checkPasswordPolicy('correct horse battery staple'),
        policy.checkPasswordPolicy('password123'),
      ]);
      expect(checks).toEqual([{ ok: true }, expect.objectContaining({ ok: false })]);
      expect(attempts).toBe(2);
    });
  });
});
