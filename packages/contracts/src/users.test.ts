import { LoginRequestSchema, RegisterRequestSchema, RegistrationFormSchema } from './users';

const form = {
  username: 'ada_l',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  password: 'analytical-engine',
  confirmPassword: 'analytical-engine',
};

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('registration form', () => {
  it('says "Passwords don\'t match" on confirmPassword', () => {
    const result = RegistrationFormSchema.safeParse({ ...form, confirmPassword: 'other' });
    expect(messages(result)).toEqual(["confirmPassword: Passwords don't match"]);
  });

  it('requires username, email, name and password', () => {
    const result = RegisterRequestSchema.safeParse({});
    expect(messages(result)).toEqual(
      expect.arrayContaining([
        'username: Username is required',
        'password: Password is required',
        'name: Name is required',
        'email: Email is required',
      ]),
    );
  });

  it('turns clearMeId or clearMeToken into the token to check, and drops isVerified', () => {
    const parsed = RegisterRequestSchema.parse({
      ...form,
      isVerified: true,
      clearMeId: 'CLR-ABCDEF',
    });
    expect(parsed).toEqual({
      username: 'ada_l',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      password: 'analytical-engine',
      bio: null,
      avatar: null,
      verificationToken: 'CLR-ABCDEF',
    });
  });
});

describe('login', () => {
  it('uses the spec messages', () => {
    expect(messages(LoginRequestSchema.safeParse({ username: ' ', password: '' }))).toEqual([
      'username: Username is required',
      'password: Password is required',
    ]);
  });
});
