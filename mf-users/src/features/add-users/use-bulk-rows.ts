import { useCallback, useMemo, useState } from 'react';
import type { NewUser } from '@imprest/api-client';
import { capitalize, newUsersProblems, normalizeUserInput, phoneInputText, type RowError } from '@imprest/domain';
import type { UserCsvField, UserCsvRow } from './user-csv';

export interface BulkRow extends UserCsvRow {
  key: number;
}

/** Messages per field of one row, absent when the field is fine; `row` for any other field. */
export type RowMessages = Partial<Record<UserCsvField | 'row', string>>;

/** docs/product-rules.md §Validation: bulk-added users get the staff position and the staff system role. */
export function toNewUser(row: UserCsvRow): NewUser {
  const { fullname, department, phone_number, email } = normalizeUserInput(row);
  return { fullname, department, phone_number, email, role: 'staff', system_role: 'staff' };
}

let lastKey = 0;
const withKey = (row: UserCsvRow): BulkRow => ({ ...row, key: (lastKey += 1) });
const EMPTY: UserCsvRow = { fullname: '', department: '', phone_number: '', email: '' };

function addMessage(target: Map<number, RowMessages>, key: number, field: string, message: string) {
  const messages = target.get(key) ?? {};
  const slot = field in EMPTY ? (field as UserCsvField) : 'row';
  // the first problem of a field is the one to fix first
  messages[slot] ??= capitalize(message);
  target.set(key, messages);
}

/** The editable rows of a bulk upload, their problems (the domain's, then the server's) by row key. */
export function useBulkRows() {
  const [rows, setRows] = useState<BulkRow[]>([]);
  // server answers are kept by row key so they stay on their row when rows above are removed
  const [serverErrors, setServerErrors] = useState<{ key: number; field: string; message: string }[]>([]);

  const replace = useCallback((next: UserCsvRow[]) => {
    setRows(next.map(withKey));
    setServerErrors([]);
  }, []);

  const update = useCallback((key: number, field: UserCsvField, value: string) => {
    setRows((current) =>
      current.map((row) => (row.key === key ? { ...row, [field]: field === 'phone_number' ? phoneInputText(value) : value } : row)),
    );
    setServerErrors((current) => current.filter((e) => !(e.key === key && e.field === field)));
  }, []);

  const remove = useCallback((key: number) => {
    setRows((current) => current.filter((row) => row.key !== key));
    setServerErrors((current) => current.filter((e) => e.key !== key));
  }, []);

  const add = useCallback(() => setRows((current) => [...current, withKey(EMPTY)]), []);

  /** The server's per-row answer to POST users; `sent` are the rows as they were sent (1-based). */
  const showServerErrors = useCallback((errors: readonly RowError[], sent: readonly BulkRow[]) => {
    setServerErrors(errors.filter((e) => sent[e.row - 1]).map((e) => ({ key: sent[e.row - 1].key, field: e.field, message: e.message })));
  }, []);

  const problems = useMemo(() => {
    const byKey = new Map<number, RowMessages>();
    for (const problem of newUsersProblems(rows.map(toNewUser)))
      addMessage(byKey, rows[problem.row - 1].key, problem.field, problem.message);
    for (const error of serverErrors) addMessage(byKey, error.key, error.field, error.message);
    return byKey;
  }, [rows, serverErrors]);

  return { rows, problems, invalidRows: problems.size, replace, update, remove, add, showServerErrors };
}
