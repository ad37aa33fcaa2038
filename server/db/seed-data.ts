/**
 * The demo catalogue: real machines with their makers' published hashrate and power,
 * street prices in USDT, and operator figures in the range of 2025-2026 market data.
 *
 * How the figures hang together (so an edit keeps them believable):
 * - revenue_per_unit_day is what one hash unit earns a day (network hashprice); BTC's
 *   0.0000005 BTC per TH/s is about $48 per PH/s a day at the price below.
 * - maintenance_fee_per_day = power (kW) x 24 h x $0.055/kWh hosting + $0.40 service.
 * - rent_price_per_day is roughly the purchase price spread over 1000 days.
 */
import type { NewCoin, NewMiner } from './schema.ts';

export const demoCoins: NewCoin[] = [
  { symbol: 'BTC', name: 'Bitcoin', price_usd: '96500.00', hash_unit: 'TH/s', revenue_per_unit_day: '0.0000005' },
  { symbol: 'LTC', name: 'Litecoin', price_usd: '88.50', hash_unit: 'GH/s', revenue_per_unit_day: '0.0062' },
  { symbol: 'KAS', name: 'Kaspa', price_usd: '0.11', hash_unit: 'TH/s', revenue_per_unit_day: '2.2' },
];

/** A catalogue entry without what its algorithm implies (coin and hash unit). */
type CatalogueMiner = Omit<NewMiner, 'algorithm' | 'coin' | 'hashrate_unit'>;

const sha256 = (miner: CatalogueMiner): NewMiner => ({
  ...miner,
  algorithm: 'SHA-256',
  coin: 'BTC',
  hashrate_unit: 'TH/s',
});
const scrypt = (miner: CatalogueMiner): NewMiner => ({
  ...miner,
  algorithm: 'Scrypt',
  coin: 'LTC',
  hashrate_unit: 'GH/s',
});
const kheavyhash = (miner: CatalogueMiner): NewMiner => ({
  ...miner,
  algorithm: 'kHeavyHash',
  coin: 'KAS',
  hashrate_unit: 'TH/s',
});

export const demoMiners: NewMiner[] = [
  sha256({
    name: 'Antminer S21',
    model: 'S21 200T',
    image: '/miners/antminer-s21.svg',
    hashrate: '200',
    power_w: 3500,
    efficiency_j_per_th: '17.5',
    acquisition: 'both',
    rent_price_per_day: '3.40',
    rent_terms: [30, 90, 180],
    purchase_price: '3400.00',
    maintenance_fee_per_day: '5.02',
    stock: 24,
  }),
  sha256({
    name: 'Antminer S21 Pro',
    model: 'S21 Pro 234T',
    image: '/miners/antminer-s21-pro.svg',
    hashrate: '234',
    power_w: 3510,
    efficiency_j_per_th: '15.0',
    acquisition: 'both',
    rent_price_per_day: '4.95',
    rent_terms: [30, 90, 180, 365],
    purchase_price: '5100.00',
    maintenance_fee_per_day: '5.03',
    stock: 12,
  }),
  sha256({
    name: 'Antminer S21 XP',
    model: 'S21 XP 270T',
    image: '/miners/antminer-s21-xp.svg',
    hashrate: '270',
    power_w: 3645,
    efficiency_j_per_th: '13.5',
    acquisition: 'buy',
    purchase_price: '6800.00',
    maintenance_fee_per_day: '5.21',
    stock: 3,
  }),
  sha256({
    name: 'Antminer S19k Pro',
    model: 'S19k Pro 120T',
    image: '/miners/antminer-s19k-pro.svg',
    hashrate: '120',
    power_w: 2760,
    efficiency_j_per_th: '23.0',
    acquisition: 'rent',
    rent_price_per_day: '1.35',
    rent_terms: [30, 90],
    maintenance_fee_per_day: '4.04',
    stock: 40,
  }),
  sha256({
    name: 'Whatsminer M60S',
    model: 'M60S 186T',
    image: '/miners/whatsminer-m60s.svg',
    hashrate: '186',
    power_w: 3441,
    efficiency_j_per_th: '18.5',
    acquisition: 'both',
    rent_price_per_day: '3.30',
    rent_terms: [30, 90, 180],
    purchase_price: '3300.00',
    maintenance_fee_per_day: '4.94',
    stock: 18,
  }),
  sha256({
    name: 'Avalon A1466',
    model: 'A1466 150T',
    image: '/miners/avalon-a1466.svg',
    hashrate: '150',
    power_w: 3230,
    efficiency_j_per_th: '21.5',
    acquisition: 'buy',
    purchase_price: '2250.00',
    maintenance_fee_per_day: '4.66',
    stock: 9,
  }),
  // Retired from the store: kept so that miners bought earlier still have their page.
  sha256({
    name: 'Antminer S19 XP',
    model: 'S19 XP 141T',
    image: '/miners/antminer-s19-xp.svg',
    hashrate: '141',
    power_w: 3010,
    efficiency_j_per_th: '21.3',
    acquisition: 'buy',
    purchase_price: '1600.00',
    maintenance_fee_per_day: '4.37',
    stock: 0,
    is_on_sale: false,
  }),
  scrypt({
    name: 'Antminer L9',
    model: 'L9 16G',
    image: '/miners/antminer-l9.svg',
    hashrate: '16',
    power_w: 3360,
    acquisition: 'both',
    rent_price_per_day: '6.90',
    rent_terms: [90, 180, 365],
    purchase_price: '7200.00',
    maintenance_fee_per_day: '4.84',
    stock: 6,
  }),
  scrypt({
    name: 'Antminer L7',
    model: 'L7 9.5G',
    image: '/miners/antminer-l7.svg',
    hashrate: '9.5',
    power_w: 3425,
    acquisition: 'rent',
    rent_price_per_day: '2.60',
    rent_terms: [30, 90],
    maintenance_fee_per_day: '4.92',
    stock: 15,
  }),
  scrypt({
    name: 'Elphapex DG1+',
    model: 'DG1+ 14G',
    image: '/miners/elphapex-dg1-plus.svg',
    hashrate: '14',
    power_w: 3920,
    acquisition: 'buy',
    purchase_price: '4600.00',
    maintenance_fee_per_day: '5.57',
    stock: 7,
  }),
  kheavyhash({
    name: 'IceRiver KS5 Pro',
    model: 'KS5 Pro 21T',
    image: '/miners/iceriver-ks5-pro.svg',
    hashrate: '21',
    power_w: 3150,
    acquisition: 'both',
    rent_price_per_day: '1.80',
    rent_terms: [30, 90],
    purchase_price: '1900.00',
    maintenance_fee_per_day: '4.56',
    stock: 10,
  }),
];

export const DEMO_USERNAME = 'demo';
export const DEMO_PASSWORD = 'hashpower-2026';

export const demoUser = {
  username: DEMO_USERNAME,
  email: 'demo@hashharbor.example',
  first_name: 'Dana',
  last_name: 'Demo',
  language: 'en',
  is_verified: true,
  referral_code: 'DEMO2026',
} as const;
