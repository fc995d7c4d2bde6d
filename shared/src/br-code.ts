/**
 * The Pix BR Code ("copia e cola"): an EMV QR Code merchant-presented payload (EMV QRCPS-MPM)
 * with the central bank's Pix template in field 26 and a CRC16-CCITT (poly 0x1021, initial
 * 0xFFFF) over everything up to and including "6304". Built by the sandbox payment provider and
 * parsed by tests and by the checkout screen's field check.
 */

export type BrCodeInput = {
  /** The receiver's Pix key (static code), or the charge location URL without the scheme (dynamic). */
  key?: string;
  location?: string;
  /** Amount in reais with 2 decimals, e.g. "99.00"; omitted = the payer types it. */
  amount?: string;
  merchantName: string;
  merchantCity: string;
  /** Up to 25 letters and digits; '***' when none. */
  txid?: string;
  /** A code for one payment (point of initiation 12). */
  singleUse?: boolean;
};

const GUI = 'br.gov.bcb.pix';

/** An EMV field: id, two-digit length, value. */
function field(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`BR Code field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Letters without accents and only the characters the EMV alphanumeric set allows. */
function plain(text: string, max: number): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9 .,\-/*@]/g, '').trim().slice(0, max);
}

export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(payload)) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export function buildBrCode(input: BrCodeInput): string {
  if (!input.key === !input.location) throw new RangeError('a BR Code names either a Pix key or a charge location');
  const account = field('00', GUI) + (input.key ? field('01', input.key) : field('25', input.location!));
  const txid = input.txid ?? '***';
  if (txid !== '***' && !/^[A-Za-z0-9]{1,25}$/.test(txid)) throw new RangeError('txid: 1 to 25 letters and digits');
  if (input.amount !== undefined && !/^\d{1,10}\.\d{2}$/.test(input.amount)) throw new RangeError('amount: reais with 2 decimals');
  const body =
    field('00', '01') +
    (input.singleUse ? field('01', '12') : '') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    (input.amount !== undefined ? field('54', input.amount) : '') +
    field('58', 'BR') +
    field('59', plain(input.merchantName, 25) || 'N') +
    field('60', plain(input.merchantCity, 15) || 'N') +
    field('62', field('05', txid)) +
    '6304';
  return body + crc16(body);
}

export type BrCodeFields = Map<string, string>;

/** Reads the top-level fields (and checks the CRC); throws on a malformed code. */
export function parseBrCode(code: string): BrCodeFields {
  const fields = parseFields(code);
  const crc = fields.get('63');
  if (!crc || !code.endsWith(`6304${crc}`)) throw new RangeError('BR Code: field 63 (CRC) missing or not last');
  if (crc16(code.slice(0, -4)) !== crc) throw new RangeError('BR Code: CRC does not match');
  return fields;
}

/** The id → value fields of an EMV template. */
export function parseFields(text: string): BrCodeFields {
  const out = new Map<string, string>();
  let i = 0;
  while (i < text.length) {
    const id = text.slice(i, i + 2);
    const len = Number(text.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(text.slice(i + 2, i + 4)) || i + 4 + len > text.length) throw new RangeError(`BR Code: malformed field at ${i}`);
    out.set(id, text.slice(i + 4, i + 4 + len));
    i += 4 + len;
  }
  return out;
}
