/**
 * Money that moves between the organisation and a request's owner, outside the app: the payout of
 * an approved advance and the settlement of a retirement's difference (docs/product-rules.md
 * §Money). Both are recorded once, by a finance-permission user, with how the money moved and the
 * reference a statement shows for it. The rules of each method live here and nowhere else: the
 * server's schemas, the forms and their messages read them.
 */
import { formatCalendarDate } from '../dates/dates';
import { PAYMENT_MODES } from '../organization/options';

/** SPEC's payment methods plus mobile money, whose network is said separately. */
export const MOVEMENT_METHODS = [...PAYMENT_MODES, 'mobile_money'] as const;
export type MovementMethod = (typeof MOVEMENT_METHODS)[number];

/** Tanzania's mobile-money networks. */
export const MOBILE_NETWORKS = ['mpesa', 'tigo_pesa', 'airtel_money', 'halopesa'] as const;
export type MobileNetwork = (typeof MOBILE_NETWORKS)[number];

const METHOD_LABELS: Record<MovementMethod, string> = {
  cash: 'Cash',
  bank_transfer: 'Bank transfer',
  cheque: 'Cheque',
  mobile_money: 'Mobile money',
};

const NETWORK_LABELS: Record<MobileNetwork, string> = {
  mpesa: 'M-Pesa',
  tigo_pesa: 'Tigo Pesa',
  airtel_money: 'Airtel Money',
  halopesa: 'HaloPesa',
};

/** The reference's longest form on any method (a bank's narrative reference). */
export const MOVEMENT_REFERENCE_MAX = 35;

interface ReferenceRule {
  /** Checked on the reference as normalised (trimmed; upper case where the method's are). */
  pattern: RegExp;
  required: boolean;
  upperCase: boolean;
  /** The sentence a form and a 400 show when the pattern does not match. */
  problem: string;
}

/**
 * What each method's reference looks like. M-Pesa's receipt number is 10 upper-case letters and
 * digits (QGH7XK2L9P). The other networks publish no format: their transaction ids seen on
 * statements are 8–30 letters, digits and dots, so that is what is accepted. A cheque is its
 * serial number (6 digits on Tanzanian cheques; 4–10 accepted). Cash may carry a voucher number.
 */
const REFERENCE_RULES: Record<MovementMethod | MobileNetwork, ReferenceRule> = {
  cash: {
    pattern: /^[A-Za-z0-9][A-Za-z0-9 ./-]{0,34}$/,
    required: false,
    upperCase: false,
    problem: 'A cash voucher number is up to 35 letters, digits, spaces, dots, slashes and dashes',
  },
  bank_transfer: {
    pattern: /^[A-Za-z0-9][A-Za-z0-9 ./-]{3,34}$/,
    required: true,
    upperCase: false,
    problem: 'A bank reference is 4 to 35 letters, digits, spaces, dots, slashes and dashes',
  },
  cheque: { pattern: /^[0-9]{4,10}$/, required: true, upperCase: false, problem: 'A cheque number is 4 to 10 digits' },
  mobile_money: { pattern: /^[A-Z0-9.]{8,30}$/, required: true, upperCase: true, problem: '' },
  mpesa: {
    pattern: /^[A-Z0-9]{10}$/,
    required: true,
    upperCase: true,
    problem: 'An M-Pesa receipt number is 10 upper-case letters and digits, such as QGH7XK2L9P',
  },
  tigo_pesa: {
    pattern: /^[A-Z0-9.]{8,30}$/,
    required: true,
    upperCase: true,
    problem: 'A Tigo Pesa transaction id is 8 to 30 letters, digits and dots',
  },
  airtel_money: {
    pattern: /^[A-Z0-9.]{8,30}$/,
    required: true,
    upperCase: true,
    problem: 'An Airtel Money transaction id is 8 to 30 letters, digits and dots',
  },
  halopesa: {
    pattern: /^[A-Z0-9.]{8,30}$/,
    required: true,
    upperCase: true,
    problem: 'A HaloPesa transaction id is 8 to 30 letters, digits and dots',
  },
};

export const MOVEMENT_MESSAGES = {
  methodRequired: 'Choose how the money moved',
  networkRequired: 'Choose the mobile-money network',
  networkOnlyForMobile: 'A network is said only for mobile money',
  referenceRequired: 'Enter the reference the statement shows',
  phoneRequired: 'Enter the phone number the money was sent from or to',
  dateRequired: 'Enter the date the money moved',
  dateInFuture: 'The date cannot be after today',
  dateBefore: (earliest: string) => `The date cannot be before ${formatCalendarDate(earliest)}`,
  /** One mobile-money receipt is one transaction: said whichever record (payout or settlement) holds it. */
  receiptUsed: (network: string, reference: string, record: 'payout' | 'settlement') =>
    `${network} reference ${reference} is already recorded for a ${record}`,
} as const;

export function isMovementMethod(value: unknown): value is MovementMethod {
  return typeof value === 'string' && (MOVEMENT_METHODS as readonly string[]).includes(value);
}

export function isMobileNetwork(value: unknown): value is MobileNetwork {
  return typeof value === 'string' && (MOBILE_NETWORKS as readonly string[]).includes(value);
}

function ruleOf(method: MovementMethod, network: MobileNetwork | null | undefined): ReferenceRule {
  return method === 'mobile_money' && network ? REFERENCE_RULES[network] : REFERENCE_RULES[method];
}

/** The reference as stored: trimmed, upper case for mobile money; '' when none was given. */
export function normalizeReference(
  method: MovementMethod,
  network: MobileNetwork | null | undefined,
  text: string | null | undefined,
): string {
  const trimmed = (text ?? '').trim();
  return ruleOf(method, network).upperCase ? trimmed.toUpperCase() : trimmed;
}

/** Why this method, network and reference do not go together, or null when they do. */
export function movementProblem(
  method: MovementMethod,
  network: MobileNetwork | null | undefined,
  reference: string | null | undefined,
): string | null {
  if (method === 'mobile_money' && !network) return MOVEMENT_MESSAGES.networkRequired;
  if (method !== 'mobile_money' && network) return MOVEMENT_MESSAGES.networkOnlyForMobile;
  const rule = ruleOf(method, network);
  const value = normalizeReference(method, network, reference);
  if (!value) return rule.required ? MOVEMENT_MESSAGES.referenceRequired : null;
  return rule.pattern.test(value) ? null : rule.problem;
}

/** Why the day the money moved cannot be recorded: after the organisation's today, or before `earliest`. */
export function movementDateProblem(date: string, today: string, earliest?: string | null): string | null {
  if (!date) return MOVEMENT_MESSAGES.dateRequired;
  if (date > today) return MOVEMENT_MESSAGES.dateInFuture;
  if (earliest && date < earliest) return MOVEMENT_MESSAGES.dateBefore(earliest);
  return null;
}

/** "M-Pesa" for mobile money on a network, else the method's own label ("Bank transfer"). */
export function movementMethodLabel(method: MovementMethod, network?: MobileNetwork | null): string {
  return method === 'mobile_money' && network ? NETWORK_LABELS[network] : METHOD_LABELS[method];
}

export function mobileNetworkLabel(network: MobileNetwork): string {
  return NETWORK_LABELS[network];
}

/** "by M-Pesa on 28/11/2026, ref QGH7XK2L9P": the words after "Paid" or "Returned". */
export function movementSummary(movement: {
  method: MovementMethod;
  network?: MobileNetwork | null;
  date: string;
  reference?: string | null;
}): string {
  const how = `by ${movementMethodLabel(movement.method, movement.network)} on ${formatCalendarDate(movement.date)}`;
  return movement.reference ? `${how}, ref ${movement.reference}` : how;
}

/**
 * What an approved retirement leaves to settle, in minor units: the owner returns what was
 * advanced and not spent, or is owed what was spent beyond the advance; nothing when they match.
 */
export type SettlementDue = { direction: 'return' | 'owed'; amount: number } | { direction: 'settled'; amount: 0 };

export function settlementDue(advance: number, spent: number): SettlementDue {
  if (advance > spent) return { direction: 'return', amount: advance - spent };
  if (spent > advance) return { direction: 'owed', amount: spent - advance };
  return { direction: 'settled', amount: 0 };
}
