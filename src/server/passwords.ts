import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The password rules of registration (docs/security.md, "Passwords"): a length,
 * and not one of the most common passwords, from the list of
 * @zxcvbn-ts/language-common (49,233 passwords ranked by how often they were
 * found in leaks, German ones among them), compared without case.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

const COMMON = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

/** The number of passwords in the list (for docs and tests). */
export const COMMON_PASSWORDS = COMMON.size;

/** Why a password is refused at registration, or undefined if it is fine. */
export function passwordProblem(password: string, name: string): string | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return `a password has at least ${PASSWORD_MIN} characters`;
  if (length > PASSWORD_MAX) return `a password has at most ${PASSWORD_MAX} characters`;
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return 'this password is one of the most common ones, which are tried first: choose another';
  if (lower.includes(name.toLowerCase()) && [...name].length >= 3) return 'a password does not contain the name';
  return undefined;
}
