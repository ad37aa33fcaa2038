/**
 * Withdrawal address checks per currency: the form (prefix, alphabet, length) and the
 * checksum every one of these formats carries, so that a mistyped address is refused
 * before any money leaves (a withdrawal cannot be changed after submission).
 *
 * - BTC: bech32/bech32m "bc1…" (BIP 173, BIP 350), base58check "1…" (P2PKH) or "3…" (P2SH).
 * - LTC: bech32/bech32m "ltc1…", base58check "L…" (P2PKH, version 0x30) or "M…" (P2SH, 0x32).
 * - KAS: "kaspa:" + CashAddr-style payload and 40-bit checksum (Kaspa's address format).
 * - USDT: TRC-20 on TRON, base58check "T…" (version 0x41), 34 characters.
 */
import { createHash } from 'node:crypto';
import type { Currency } from './currencies.ts';

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

function sha256(data: Uint8Array): Buffer {
  return createHash('sha256').update(data).digest();
}

/** The bytes of a base58check string whose checksum is right, or null. */
export function base58CheckDecode(text: string): Buffer | null {
  let value = 0n;
  for (const char of text) {
    const digit = BASE58_ALPHABET.indexOf(char);
    if (digit < 0) return null;
    value = value * 58n + BigInt(digit);
  }
  const hex = value === 0n ? '' : value.toString(16);
  const body = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  // Each leading "1" is a leading zero byte.
  const zeros = text.length - text.replace(/^1+/, '').length;
  const bytes = Buffer.concat([Buffer.alloc(zeros), body]);
  if (bytes.length < 5) return null;
  const payload = bytes.subarray(0, -4);
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  return checksum.equals(bytes.subarray(-4)) ? payload : null;
}

/** base58check of `payload` (tests use it to make addresses). */
export function base58CheckEncode(payload: Uint8Array): string {
  const bytes = Buffer.concat([payload, sha256(sha256(payload)).subarray(0, 4)]);
  let value = BigInt(`0x${bytes.toString('hex') || '0'}`);
  let text = '';
  while (value > 0n) {
    text = BASE58_ALPHABET[Number(value % 58n)] + text;
    value /= 58n;
  }
  const zeros = bytes.length - bytes.toString('hex').replace(/^(00)+/, '').length / 2;
  return '1'.repeat(zeros) + text;
}

function isBase58Address(address: string, versions: number[], length?: number): boolean {
  if (length !== undefined && address.length !== length) return false;
  if (address.length < 26 || address.length > 35) return false;
  const payload = base58CheckDecode(address);
  return payload !== null && payload.length === 21 && versions.includes(payload[0]!);
}

const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;

function bech32Polymod(values: number[]): number {
  const generators = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let checksum = 1;
  for (const value of values) {
    const top = checksum >>> 25;
    checksum = ((checksum & 0x1ffffff) << 5) ^ value;
    for (let bit = 0; bit < 5; bit++) if ((top >>> bit) & 1) checksum ^= generators[bit]!;
  }
  return checksum >>> 0;
}

function hrpExpand(hrp: string): number[] {
  const chars = [...hrp].map((char) => char.charCodeAt(0));
  return [...chars.map((code) => code >> 5), 0, ...chars.map((code) => code & 31)];
}

/** Regroups bits (5-bit groups to bytes); null when the padding is not zero bits. */
function convertBits(data: number[], from: number, to: number, pad: boolean): number[] | null {
  let accumulator = 0;
  let bits = 0;
  const result: number[] = [];
  const max = (1 << to) - 1;
  for (const value of data) {
    accumulator = (accumulator << from) | value;
    bits += from;
    while (bits >= to) {
      bits -= to;
      result.push((accumulator >> bits) & max);
    }
  }
  if (pad) {
    if (bits > 0) result.push((accumulator << (to - bits)) & max);
  } else if (bits >= from || ((accumulator << (to - bits)) & max) !== 0) {
    return null;
  }
  return result;
}

/** A segwit address of `hrp` (BIP 173 for version 0, BIP 350 for versions 1-16). */
function isSegwitAddress(address: string, hrp: string): boolean {
  if (address.length > 90 || (address !== address.toLowerCase() && address !== address.toUpperCase())) return false;
  const lower = address.toLowerCase();
  if (!lower.startsWith(`${hrp}1`)) return false;
  const data = [...lower.slice(hrp.length + 1)].map((char) => BECH32_CHARSET.indexOf(char));
  if (data.length < 7 || data.some((value) => value < 0)) return false;
  const version = data[0]!;
  const constant = bech32Polymod([...hrpExpand(hrp), ...data]);
  if (constant !== (version === 0 ? BECH32_CONST : BECH32M_CONST)) return false;
  if (version > 16) return false;
  const program = convertBits(data.slice(1, -6), 5, 8, false);
  if (!program || program.length < 2 || program.length > 40) return false;
  return version !== 0 || program.length === 20 || program.length === 32;
}

/** Kaspa's CashAddr-style checksum: 40 bits over the prefix and the payload. */
function kaspaPolymod(values: number[]): bigint {
  const generators = [0x98f2bc8e61n, 0x79b76d99e2n, 0xf33e5fb3c4n, 0xae2eabe2a8n, 0x1e4f43e470n];
  let checksum = 1n;
  for (const value of values) {
    const top = checksum >> 35n;
    checksum = ((checksum & 0x07ffffffffn) << 5n) ^ BigInt(value);
    for (let bit = 0n; bit < 5n; bit++) if ((top >> bit) & 1n) checksum ^= generators[Number(bit)]!;
  }
  return checksum ^ 1n;
}

/** Payload sizes by address version: Schnorr key (0), ECDSA key (1), script hash (8). */
const KASPA_PAYLOAD_BYTES: Record<number, number> = { 0: 32, 1: 33, 8: 32 };

function isKaspaAddress(address: string): boolean {
  const prefix = 'kaspa';
  if (!address.startsWith(`${prefix}:`) || address.length > 100) return false;
  const data = [...address.slice(prefix.length + 1)].map((char) => BECH32_CHARSET.indexOf(char));
  if (data.length < 9 || data.some((value) => value < 0)) return false;
  const prefixValues = [...prefix].map((char) => char.charCodeAt(0) & 31);
  if (kaspaPolymod([...prefixValues, 0, ...data]) !== 0n) return false;
  const bytes = convertBits(data.slice(0, -8), 5, 8, false);
  if (!bytes || bytes.length < 1) return false;
  return KASPA_PAYLOAD_BYTES[bytes[0]!] === bytes.length - 1;
}

export function isValidAddress(currency: Currency, address: string): boolean {
  switch (currency) {
    case 'BTC':
      return isSegwitAddress(address, 'bc') || (/^[13]/.test(address) && isBase58Address(address, [0x00, 0x05]));
    case 'LTC':
      return isSegwitAddress(address, 'ltc') || (/^[LM]/.test(address) && isBase58Address(address, [0x30, 0x32]));
    case 'KAS':
      return isKaspaAddress(address);
    case 'USDT':
      return address.startsWith('T') && isBase58Address(address, [0x41], 34);
  }
}
