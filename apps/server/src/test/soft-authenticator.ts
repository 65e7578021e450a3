import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software WebAuthn authenticator for server tests: it answers the server's real options with
 * real `none` attestations and ES256 assertions (the same bytes a security key sends), so the
 * server's WebAuthn library checks them exactly as it checks a browser's. The browser journeys use
 * Chromium's virtual authenticator instead (e2e/tests/two-factor.spec.ts).
 */
type Cbor = number | string | Uint8Array | Cbor[] | Map<number | string, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  if (length < 65_536) return Buffer.from([(major << 5) | 25, length >> 8, length & 255]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(length, 1);
  return out;
}

/** Just enough CBOR (RFC 8949) for an attestation object and a COSE key. */
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const parts = [head(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer) => data.toString('base64url');

export interface SoftPasskey {
  credentialId: Buffer;
  privateKey: KeyObject;
  counter: number;
  userHandle: string;
}

export function createSoftAuthenticator(origin: string, rpId: string) {
  const rpIdHash = sha256(rpId);
  const UP = 0x01;
  const UV = 0x04;
  const AT = 0x40;

  return {
    /** Answers `navigator.credentials.create(options)`: a new ES256 key and its `none` attestation. */
    register(options: { challenge: string; user: { id: string } }): {
      passkey: SoftPasskey;
      credential: Record<string, unknown>;
    } {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const coseKey = cbor(
        new Map<number, Cbor>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      );
      const credentialId = randomBytes(32);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        rpIdHash,
        Buffer.from([UP | UV | AT]),
        Buffer.alloc(4),
        Buffer.alloc(16),
        idLength,
        credentialId,
        coseKey,
      ]);
      const clientDataJSON = Buffer.from(
        JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false }),
      );
      const attestationObject = cbor(
        new Map<string, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        passkey: { credentialId, privateKey, counter: 0, userHandle: options.user.id },
        credential: {
          id: b64url(credentialId),
          rawId: b64url(credentialId),
          type: 'public-key',
          response: {
            clientDataJSON: b64url(clientDataJSON),
            attestationObject: b64url(attestationObject),
            transports: ['internal'],
          },
          clientExtensionResults: {},
        },
      };
    },

    /** Answers `navigator.credentials.get(options)` with this passkey; each use moves its counter on. */
    assert(
      passkey: SoftPasskey,
      challenge: string,
      opts: { userVerified?: boolean; origin?: string } = {},
    ): Record<string, unknown> {
      passkey.counter += 1;
      const counter = Buffer.alloc(4);
      counter.writeUInt32BE(passkey.counter);
      const flags = UP | (opts.userVerified === false ? 0 : UV);
      const authenticatorData = Buffer.concat([rpIdHash, Buffer.from([flags]), counter]);
      const clientDataJSON = Buffer.from(
        JSON.stringify({
          type: 'webauthn.get',
          challenge,
          origin: opts.origin ?? origin,
          crossOrigin: false,
        }),
      );
      const signature = sign(
        'sha256',
        Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
        passkey.privateKey,
      );
      return {
        id: b64url(passkey.credentialId),
        rawId: b64url(passkey.credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authenticatorData),
          signature: b64url(signature),
          userHandle: passkey.userHandle,
        },
        clientExtensionResults: {},
      };
    },
  };
}
