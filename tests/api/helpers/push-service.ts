/**
 * A push service in the test process, as a browser vendor runs one: an HTTPS endpoint
 * that receives what the server pushes, and the subscription a browser would hold, with
 * the private key that decrypts it (RFC 8291 on RFC 8188's aes128gcm).
 *
 * The certificate is self-signed, made with the openssl command line (node:crypto has
 * no way to issue one); the server's sender in the tests trusts it, and nothing else.
 */
import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import type { PushSend } from '../../../server/notifications/push.ts';

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface PushService {
  /** https://127.0.0.1:<port> */
  origin: string;
  /** A sender like the server's, trusting this service's certificate. */
  send: PushSend;
  /** Everything received so far. */
  received: ReceivedPush[];
  /** The next push to arrive (rejects after `timeoutMs`). */
  nextPush(timeoutMs?: number): Promise<ReceivedPush>;
  /** The status the service answers from now on (201 by default; 410: subscription gone). */
  answer(status: number, delayMs?: number): void;
  close(): Promise<void>;
}

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'push-service-'));
  try {
    execFileSync(
      'openssl',
      [
        'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
        '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'),
        '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startPushService(): Promise<PushService> {
  const { key, cert } = selfSignedCertificate();
  const received: ReceivedPush[] = [];
  const waiting: ((push: ReceivedPush) => void)[] = [];
  let status = 201;
  let delayMs = 0;

  const server: Server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const push = { path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) };
      received.push(push);
      waiting.shift()?.(push);
      const reply = () => response.writeHead(status).end();
      if (delayMs > 0) setTimeout(reply, delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: cert });

  return {
    origin,
    received,
    send: (subscription, payload, options) => webpush.sendNotification(subscription, payload, { ...options, agent }),
    nextPush(timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no push arrived')), timeoutMs);
        waiting.push((push) => {
          clearTimeout(timer);
          resolve(push);
        });
      });
    },
    answer(newStatus, newDelayMs = 0) {
      status = newStatus;
      delayMs = newDelayMs;
    },
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** What a browser holds for one push subscription: the keys it gives the site, and its private key. */
export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: Buffer;
}

export function browserSubscription(endpoint: string): BrowserSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    endpoint,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
    ecdh,
    authSecret,
  };
}

/**
 * Decrypts an aes128gcm push body as the browser does (RFC 8291 §3.4, RFC 8188 §2):
 * header salt(16) | rs(4) | idlen(1) | keyid = the server's one-time public key, then
 * one record whose plaintext ends with the padding delimiter 0x02.
 */
export function decryptPush(body: Buffer, subscription: BrowserSubscription): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublicKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);

  const ecdhSecret = subscription.ecdh.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), subscription.ecdh.getPublicKey(), serverPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, subscription.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  const end = padded.lastIndexOf(0x02);
  if (end < 0 || padded.subarray(end + 1).some((byte) => byte !== 0)) throw new Error('bad padding');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * Checks a VAPID Authorization header ("vapid t=<JWT>, k=<public key>", RFC 8292):
 * answers the JWT's claims when its ES256 signature verifies with `k`.
 */
export function verifyVapid(authorization: string): { publicKey: string; claims: Record<string, unknown> } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization);
  if (!match) throw new Error(`not a VAPID header: ${authorization}`);
  const [header, payload, signature] = match[1]!.split('.') as [string, string, string];
  const point = Buffer.from(match[2]!, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('VAPID signature does not verify');
  return { publicKey: match[2]!, claims: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) };
}
