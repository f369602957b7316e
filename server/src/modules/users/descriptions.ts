// The rules of each users call that its schema cannot say, as the OpenAPI document's `description`.
// The rules themselves live in packages/domain (users/user-rules.ts, users/user-validation.ts),
// which the forms use too; this says what a caller sees of them.
import { BULK_USERS_MAX, DIRECTOR_ONLY } from '@imprest/domain';
import {
  CANNOT_DELETE_SELF,
  CANNOT_RESTRICT_SELF,
  IDENTITY_DIRECTORS_ONLY,
  LAST_DIRECTOR_DELETE,
  LAST_DIRECTOR_DEMOTE,
} from './manage-users';

const VALUES = [
  '**Values.** Names are trimmed with inner spaces collapsed; phones a mobile number, stored as E.164 (`0712 345 678` →',
  "`+255712345678`); e-mails trimmed and lower-cased, unique among the organisation's live users (a deleted user's address is",
  'free again); `department` one of the departments (never `all`); `role` (the position) `staff`, `admin` or `director`;',
  '`system_role` one of the system roles. Only directors may give the `director` position or system role.',
].join('\n');

export const USERS_DOCS = {
  create: [
    `All or nothing, 1 to ${BULK_USERS_MAX} users, answered in the order sent. Honours \`Idempotency-Key\`.`,
    '',
    VALUES,
    '',
    'A bad batch answers 400 naming every bad row, numbered from 1 as uploaded: `{error: "Row 3: e-mail asha@x.org is already in',
    'use (and 2 more problems)", code, rows: [{row, field, message}, …]}`; `field` is the body field, `message` a lower-case',
    'fragment (`e-mail x is already in use`, `e-mail x is also in row 1`, `e-mail x is not a valid address`, `phone number x is',
    'not a valid mobile number (e.g. 0712 345 678)`, `phone number 2.55712E+11 was damaged by a spreadsheet (…)`, `department',
    '"x" is not one of the departments`, `position "x" is not one of staff, admin, director`, `full name is required`, …). A',
    'non-director giving the director position or any system role but staff gets 403 in the same form',
    `(\`${DIRECTOR_ONLY}\`): admins add staff; directors make approvers. Wrong types, missing or unknown fields, an empty array`,
    'or too many rows fail the schema: 400 without `rows`. `password` is accepted and ignored.',
    '',
    '**Invitations.** Nobody gets a known password. Each new user gets the e-mail "Your Imprest account" (always sent; mute does',
    'not apply) with `${APP_URL}/reset-link?token=…&email=…`, valid 7 days and once, used through `forgot-password/validate`',
    'like a reset; asking for a reset later replaces it. Until then the account cannot sign in. Audit: `create`.',
  ].join('\n'),
  list: [
    "Ordered by name (any case), then id; deleted users never appear. `{role}` is `user` (staff mode) or the caller's own",
    "system role (admin mode); both list the caller's organisation, narrowed to `{department}` unless it is `all`. Any other role",
    'answers 400 `Unknown list role "x": use "user" or your own system role`; an unknown department 400. `search` matches part of',
    'the name or e-mail.',
  ].join('\n'),
  get: [
    "`last_logged_in` is null in every answer unless the caller is a director, the caller's own record included. Another",
    "organisation's user, a deleted or missing one, and one the caller may not see all answer 404.",
  ].join('\n'),
  update: [
    'Changes only the values that differ from the stored ones (the form may send all of them; unchanged values are not checked',
    `again); nothing different answers 200 with the user unchanged (no audit, no event). A non-director sending a different`,
    `name, department, position or system role: 403 \`${IDENTITY_DIRECTORS_ONLY}\`; a bad value 400 (\`Phone number x is not a`,
    'valid mobile number (e.g. 0712 345 678)`, …); an e-mail in use 409 `E-mail x is already in use`; demoting the only director',
    `409 \`${LAST_DIRECTOR_DEMOTE}\`.`,
    '',
    VALUES,
    '',
    'Audit: `update` with the changed fields before and after; realtime `update_user`.',
  ].join('\n'),
  remove: [
    "A soft delete (`deleted_at`; the name stays on history); the user's sessions and unused links are revoked and their sockets",
    `closed. Yourself: 409 \`${CANNOT_DELETE_SELF}\`; the last director: 409 \`${LAST_DIRECTOR_DELETE}\`. Audit: \`delete\`;`,
    'realtime `update_user`.',
  ].join('\n'),
  restrict: [
    '`lock_status: true` locks with `lock_reason: "manual"` (lifted only by hand), `false` unlocks whatever the reason.',
    `Yourself: 409 \`${CANNOT_RESTRICT_SELF}\` (a finance user must not lift their own overdue lock). Audit: \`lock\` or \`unlock\`;`,
    'realtime `update_user`.',
  ].join('\n'),
  settings: [
    '`settings` is JSON text (`\'{"mute_notification":true}\'`) or an object; `user_id` must be the caller (404 otherwise); bad',
    'settings answer 400. Audit: `settings_update`; realtime `update_user`.',
  ].join('\n'),
};
