import { describe, expect, it } from 'vitest';
import { base58CheckDecode, base58CheckEncode, isValidAddress } from './addresses.ts';

describe('withdrawal addresses', () => {
  it('accept the published test vectors and well-known addresses of each network', () => {
    // BIP 173 / BIP 350 test vectors: segwit v0 (bech32) and v1 (bech32m), either letter case.
    expect(isValidAddress('BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(true);
    expect(isValidAddress('BTC', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe(true);
    expect(isValidAddress('BTC', 'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y')).toBe(true);
    // The genesis block's address (P2PKH) and BIP 13's example (P2SH).
    expect(isValidAddress('BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(true);
    expect(isValidAddress('BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe(true);
    // USDT's TRC-20 contract address.
    expect(isValidAddress('USDT', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    // The example of Kaspa's own documentation (kaspad util package).
    expect(isValidAddress('KAS', 'kaspa:qqj9fg59mptxkr9j0y53j5mwurcmda5mtza9n6v9pm9uj8h0wgk6uma5pvumr')).toBe(true);
  });

  it('accept Litecoin L… and M… addresses by their version bytes', () => {
    const p2pkh = base58CheckEncode(Buffer.from([0x30, ...Array(20).fill(1)]));
    const p2sh = base58CheckEncode(Buffer.from([0x32, ...Array(20).fill(2)]));
    expect(p2pkh.startsWith('L')).toBe(true);
    expect(p2sh.startsWith('M')).toBe(true);
    expect(isValidAddress('LTC', p2pkh)).toBe(true);
    expect(isValidAddress('LTC', p2sh)).toBe(true);
    expect(isValidAddress('BTC', p2pkh)).toBe(false);
  });

  it('refuse a single mistyped character, through the checksum', () => {
    expect(isValidAddress('BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBe(false);
    expect(isValidAddress('BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb')).toBe(false);
    expect(isValidAddress('USDT', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
    expect(isValidAddress('KAS', 'kaspa:qqj9fg59mptxkr9j0y53j5mwurcmda5mtza9n6v9pm9uj8h0wgk6uma5pvumq')).toBe(false);
  });

  it('refuse other networks, other coins and other shapes', () => {
    expect(isValidAddress('BTC', 'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(false); // mixed case
    expect(isValidAddress('BTC', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBe(false); // testnet
    expect(isValidAddress('LTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(false);
    expect(isValidAddress('USDT', '0xdAC17F958D2ee523a2206206994597C13D831ec7')).toBe(false);
    expect(isValidAddress('KAS', 'qqj9fg59mptxkr9j0y53j5mwurcmda5mtza9n6v9pm9uj8h0wgk6uma5pvumr')).toBe(false);
    for (const junk of ['', ' ', '1', 'kaspa:', 'T', '\u0000', '𝟙A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa']) {
      for (const currency of ['BTC', 'LTC', 'KAS', 'USDT'] as const) expect(isValidAddress(currency, junk)).toBe(false);
    }
  });

  it('round-trips base58check and rejects a broken checksum', () => {
    const payload = Buffer.from([0x00, ...Array(20).fill(0)]);
    const text = base58CheckEncode(payload);
    expect(text.startsWith('1111')).toBe(true);
    expect(base58CheckDecode(text)).toEqual(payload);
    expect(base58CheckDecode(`${text.slice(0, -1)}3`)).toBeNull();
    expect(base58CheckDecode('0OIl')).toBeNull();
  });
});
