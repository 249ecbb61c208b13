/**
 * Secrets Tun must give back to someone else (an OIDC client secret) are kept encrypted at rest
 * with AES-256-GCM, under a key derived from the auth secret (HKDF-SHA256, one key per purpose).
 * A copy of the database alone does not reveal them when AUTH_SECRET is set outside it.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function secretBox(authSecret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', authSecret, 'tun-secret-box', purpose, 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, ciphertext, cipher.getAuthTag()].map((part) => part.toString('base64url')).join('.');
    },
    open(sealed) {
      const [iv, ciphertext, tag] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
      if (!iv || !ciphertext || !tag) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    },
  };
}
