import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** AES-256-GCM for secrets at rest (gateway keys, mail password, certificate password). */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
  /**
   * HMAC-SHA256 of a message (base64url, 43 characters) under a key derived from the same secret, for
   * codes the product hands out and must recognise later without storing them (a booking's QR and its
   * customer link). Every process sharing the secret signs alike.
   */
  sign(message: string): string;
  /** Whether `signature` (or its first `signature.length` characters, at least 16) signs `message`. */
  verify(message: string, signature: string): boolean;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes');
  const macKey = Buffer.from(hkdfSync('sha256', key, 'mostrador', 'signed codes v1', 32));
  const sign = (message: string) => createHmac('sha256', macKey).update(message, 'utf8').digest('base64url');
  return {
    sign,
    verify(message, signature) {
      if (signature.length < 16) return false;
      const expected = Buffer.from(sign(message).slice(0, signature.length));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64'),
        cipher.getAuthTag().toString('base64'),
        body.toString('base64'),
      ].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('unknown secret format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}

function parseKey(raw: string): Buffer {
  const trimmed = raw.trim();
  return /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
}

/** The configured key, or one generated once and kept in `DATA_DIR/secret.key`. */
export function loadSecretKey(configured: string | undefined, dataDir: string): Buffer {
  if (configured) return parseKey(configured);
  const file = path.resolve(dataDir, 'secret.key');
  if (existsSync(file)) return parseKey(readFileSync(file, 'utf8'));
  mkdirSync(path.dirname(file), { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('hex'), { mode: 0o600 });
  return key;
}
