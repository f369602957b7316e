import { object, string } from 'yup';
import { ACCOUNT_CODE_MAX, ACCOUNT_CODE_PATTERN, JOURNAL_MESSAGES } from '../accounting/journal';

/** One account's code as the server takes it (journal.ts); empty leaves the account unmapped. */
const accountCode = string()
  .trim()
  .max(ACCOUNT_CODE_MAX, JOURNAL_MESSAGES.codeInvalid)
  .matches(new RegExp(ACCOUNT_CODE_PATTERN), { message: JOURNAL_MESSAGES.codeInvalid, excludeEmptyString: true });

/** Budget → Journals' account mapping: a code box per account key. */
export const journalAccountsSchema = (keys: readonly string[]) => object(Object.fromEntries(keys.map((key) => [key, accountCode])));
