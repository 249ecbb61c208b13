/**
 * The tests' passkey: a software authenticator that answers WebAuthn as a phone would, with a
 * real P-256 key, CBOR-encoded attestation ('none') and DER signatures, so that the server's
 * checks run on what a browser sends. Browser tests use Chromium's virtual authenticator.
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

type Cbor = number | string | Buffer | Map<Cbor, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const bytes = Buffer.alloc(5);
  bytes[0] = (major << 5) | 26;
  bytes.writeUInt32BE(length, 1);
  return bytes;
}

/** RFC 8949, the little WebAuthn needs: integers, byte and text strings, maps. */
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64u = (data: Buffer) => data.toString('base64url');
const uint32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

/** What a browser's ceremony is done for: the page's origin, and the RP ID it asks for. */
export interface Ceremony {
  origin: string;
  rpId?: string;
}

export function softwareAuthenticator() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const coseKey = cbor(
    new Map<Cbor, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  const credentialId = randomBytes(16);
  let counter = 0;

  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    credentialId: b64u(credentialId),

    /** navigator.credentials.create(): a new key, attested with 'none'. */
    register(options: { challenge: string }, ceremony: Ceremony) {
      const rpId = ceremony.rpId ?? new URL(ceremony.origin).hostname;
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([0x45]), // user present, user verified, credential data included
        uint32(counter),
        Buffer.alloc(16), // AAGUID: none
        Buffer.from([credentialId.length >> 8, credentialId.length & 0xff]),
        credentialId,
        coseKey,
      ]);
      const attestation = new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]);
      return {
        id: b64u(credentialId),
        rawId: b64u(credentialId),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64u(clientData('webauthn.create', options.challenge, ceremony.origin)),
          attestationObject: b64u(cbor(attestation)),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },

    /** navigator.credentials.get(): a signature over the challenge by the key. */
    signIn(options: { challenge: string }, ceremony: Ceremony) {
      const rpId = ceremony.rpId ?? new URL(ceremony.origin).hostname;
      counter += 1;
      const authData = Buffer.concat([sha256(rpId), Buffer.from([0x05]), uint32(counter)]);
      const data = clientData('webauthn.get', options.challenge, ceremony.origin);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), privateKey);
      return {
        id: b64u(credentialId),
        rawId: b64u(credentialId),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64u(data),
          authenticatorData: b64u(authData),
          signature: b64u(signature),
        },
        clientExtensionResults: {},
      };
    },
  };
}
