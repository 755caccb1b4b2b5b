import { fieldError } from '@trustcircle/service-kit';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * ASVS V2.1: at least 8 and at most 128 characters, any characters (spaces and emoji included,
 * no composition rules), and refused when an offline strength estimator with common-password
 * and English dictionaries finds it guessable. Length bounds are also in the contracts' schema,
 * so the form says them before a request is sent; this module is the authority.
 */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
/** zxcvbn score 3: "safely unguessable", about 10^8 guesses and more. */
const MIN_SCORE = 3;
/**
 * The estimator costs about 100-200 ms of the event loop at 32 characters and grows with
 * length (over a second at 128), so only the start of a password is judged. A strong start
 * makes the whole strong; a long password with a guessable start is refused, which costs its
 * owner a retype, not safety.
 */
const JUDGED_CHARACTERS = 32;

export type PasswordVerdict = { ok: true } | { ok: false; message: string };

let estimator: Promise<ZxcvbnFactory> | null = null;

// The estimator and its dictionaries are about 6 MB of modules: loaded on first use, not at
// start-up (a restarted identity is ready sooner; under load the loading took seconds).
function zxcvbn(): Promise<ZxcvbnFactory> {
  if (estimator) return estimator;
  const loading = Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(
    ([{ ZxcvbnFactory }, common, en]) =>
      new ZxcvbnFactory({
        translations: en.translations,
        graphs: common.adjacencyGraphs,
        dictionary: { ...common.dictionary, ...en.dictionary },
      }),
  );
  // A failed load is not kept: the next check tries again.
  loading.catch(() => {
    if (estimator === loading) estimator = null;
  });
  estimator = loading;
  return loading;
}

/** Things about the account a guesser would try first: its username, name and e-mail. */
export interface PasswordContext {
  username?: string;
  email?: string;
  name?: string;
}

function personalWords(context: PasswordContext): string[] {
  const words = [context.username, context.name, context.email, context.email?.split('@')[0]];
  for (const part of (context.name ?? '').split(/\s+/)) words.push(part);
  return words.filter((word): word is string => Boolean(word && word.length >= 3));
}

/** Why a password is refused, in one sentence for the form, or ok. */
export async function checkPasswordPolicy(
  password: string,
  context: PasswordContext = {},
): Promise<PasswordVerdict> {
  // Code points, not UTF-16 units: an emoji is one character to the person typing it.
  const characters = [...password];
  const length = characters.length;
  if (length < MIN_PASSWORD_LENGTH) {
    return { ok: false, message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters` };
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return { ok: false, message: `Password must be at most ${MAX_PASSWORD_LENGTH} characters` };
  }
  const judged = characters.slice(0, JUDGED_CHARACTERS).join('');
  const result = await (await zxcvbn()).check(judged, personalWords(context));
  if (result.score >= MIN_SCORE) return { ok: true };
  const why = result.feedback.warning ?? 'It would be guessed quickly.';
  const hint =
    result.feedback.suggestions[0] ?? 'Add another word or two; uncommon words are best.';
  return { ok: false, message: `Password is too easy to guess. ${why} ${hint}` };
}

/** A 400 on `path` (the form's field) when the policy refuses the password. */
export async function requireStrongPassword(
  password: string,
  context: PasswordContext,
  path = 'password',
): Promise<void> {
  const verdict = await checkPasswordPolicy(password, context);
  if (!verdict.ok) throw fieldError(path, verdict.message);
}
