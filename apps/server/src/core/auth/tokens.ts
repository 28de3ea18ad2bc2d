import { createHash, randomBytes } from 'node:crypto';

/** What api_tokens.token_sha256 holds for a raw token (the Authorization header value). */
export function hashToken(rawToken: string): string {
  return createHash('sha256').update(rawToken, 'utf8').digest('hex');
}

/** A fresh random raw token (40 hex characters, like the dashboard's). */
export function generateToken(): string {
  return randomBytes(20).toString('hex');
}
