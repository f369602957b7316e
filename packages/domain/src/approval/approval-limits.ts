/**
 * The limits of an approval matrix and of the exchange rates: the contract's schemas state them
 * and approval-rules.ts judges by them, so they sit below both (neither is imported here).
 */
import { CURRENCIES } from '../organization/options';

export const APPROVAL_BANDS_MAX = 10;
export const BAND_LABEL_MAX = 20;
export const BAND_DESCRIPTION_MAX = 200;
export const BAND_REVIEWERS_MAX = 3;
/** No currency is worth more than this many TZS; a larger rate is a typing slip. */
export const EXCHANGE_RATE_MAX = 1_000_000;

/** The currencies that need a rate: every one but the shilling the bands are written in. */
export const RATE_CURRENCIES = CURRENCIES.filter((c) => c !== 'tzs');
