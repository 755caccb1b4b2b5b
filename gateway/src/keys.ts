import { createPrivateKey } from 'node:crypto';
import {
  ensureDevKeyPair,
  loadSigningKey,
  publicJwk,
  readJwks,
  type Jwks,
  type SigningKey,
} from '@trustcircle/service-kit';
import type { GatewayConfig } from './config';

/**
 * The signing key and the published JWKS. The JWKS may list older keys too, so a key
 * rotation keeps tokens already in flight valid (docs/operations.md).
 */
export function loadGatewayKeys(config: GatewayConfig): { signingKey: SigningKey; jwks: Jwks } {
  let signingKey: SigningKey;
  let jwksFile = config.JWT_JWKS_FILE;
  if (config.JWT_PRIVATE_KEY || config.JWT_PRIVATE_KEY_FILE) {
    if (!config.JWT_KID) throw new Error('JWT_KID is required with JWT_PRIVATE_KEY');
    signingKey = config.JWT_PRIVATE_KEY
      ? { kid: config.JWT_KID, privateKey: createPrivateKey(config.JWT_PRIVATE_KEY) }
      : loadSigningKey(config.JWT_PRIVATE_KEY_FILE!, config.JWT_KID);
  } else if (config.NODE_ENV === 'production') {
    throw new Error('JWT_PRIVATE_KEY or JWT_PRIVATE_KEY_FILE must be set in production');
  } else {
    const dev = ensureDevKeyPair(config.DEV_KEYS_DIR);
    signingKey = loadSigningKey(dev.privateKeyFile, dev.kid);
    jwksFile ??= dev.jwksFile;
  }
  const own = publicJwk(signingKey.privateKey, signingKey.kid);
  const configured =
    config.JWT_JWKS || jwksFile ? readJwks({ inline: config.JWT_JWKS, file: jwksFile }) : null;
  const others = configured?.keys.filter((key) => key.kid !== signingKey.kid) ?? [];
  return { signingKey, jwks: { keys: [own, ...others] } };
}
