import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Design §4: the gateway signs with ES256; services hold only public keys. */
export const JWT_ALGORITHM = 'ES256' as const;
export const JWT_ISSUER = 'trustcircle-gateway';
export const JWT_AUDIENCE = 'trustcircle-services';

export interface Jwks {
  keys: (JsonWebKey & { kid: string; alg?: string; use?: string })[];
}

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
}

export function publicJwk(privateOrPublic: KeyObject, kid: string): Jwks['keys'][number] {
  const jwk = createPublicKey(privateOrPublic).export({ format: 'jwk' });
  return { ...jwk, kid, alg: JWT_ALGORITHM, use: 'sig' };
}

export function readJwks(options: { inline?: string; file?: string }): Jwks {
  const text = options.inline ?? (options.file ? readFileSync(options.file, 'utf8') : undefined);
  if (!text) throw new Error('No JWT public keys configured (JWT_JWKS or JWT_JWKS_FILE)');
  const parsed = JSON.parse(text) as Jwks;
  if (!Array.isArray(parsed.keys) || parsed.keys.length === 0) {
    throw new Error('The JWKS document holds no keys');
  }
  return parsed;
}

/** kid → public KeyObject, so a rotated-out key keeps verifying until it is removed. */
export function publicKeysByKid(jwks: Jwks): Map<string, KeyObject> {
  return new Map(
    jwks.keys.map((jwk) => [jwk.kid, createPublicKey({ key: jwk, format: 'jwk' })] as const),
  );
}

export function loadSigningKey(file: string, kid: string): SigningKey {
  return { kid, privateKey: createPrivateKey(readFileSync(file, 'utf8')) };
}

export interface DevKeyFiles {
  privateKeyFile: string;
  jwksFile: string;
  kid: string;
}

/**
 * Development only: a key pair under `dir`, made once. Production passes keys in through
 * configuration (k8s Secret) and never reaches this.
 */
export function ensureDevKeyPair(dir: string): DevKeyFiles {
  const privateKeyFile = path.join(dir, 'jwt-es256.pem');
  const jwksFile = path.join(dir, 'jwks.json');
  const kidFile = path.join(dir, 'kid');
  if (!existsSync(privateKeyFile) || !existsSync(jwksFile) || !existsSync(kidFile)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const kid = `dev-${randomBytes(6).toString('hex')}`;
    writeFileSync(privateKeyFile, privateKey.export({ format: 'pem', type: 'pkcs8' }), {
      mode: 0o600,
    });
    writeFileSync(jwksFile, JSON.stringify({ keys: [publicJwk(privateKey, kid)] }, null, 2));
    writeFileSync(kidFile, kid);
  }
  return { privateKeyFile, jwksFile, kid: readFileSync(kidFile, 'utf8').trim() };
}

/** For tests: a fresh key pair in memory. */
export function generateSigningKey(kid = `test-${randomBytes(4).toString('hex')}`): {
  signingKey: SigningKey;
  jwks: Jwks;
} {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { signingKey: { kid, privateKey }, jwks: { keys: [publicJwk(privateKey, kid)] } };
}
