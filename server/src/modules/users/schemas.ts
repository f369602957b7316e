import { Type } from '@sinclair/typebox';
import { PathId as SharedPathId } from '../../schemas';
import {
  BULK_USERS_MAX,
  EMAIL_MAX_LENGTH,
  FULLNAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PHONE_TEXT_MAX_LENGTH,
  canSeeLastLogin,
  type User,
} from '@imprest/domain';
import { UserSchema } from '@imprest/domain/contract';
import type { UserRow } from '../../db/schema';
import { ErrorCodeSchema } from '../../schemas';

/** The answer shapes are the contract's; this file adds the bodies, params and queries. */
export { UserAnswer, UserPageSchema, UserSchema } from '@imprest/domain/contract';

const strict = { additionalProperties: false } as const;

/**
 * The API form of a user as `viewer` may see it: Last Logged In only for directors (docs/screens.md
 * "Users"), on every answer, the viewer's own record included.
 */
export function toApiUser(row: UserRow, viewer: Pick<UserRow, 'id' | 'system_role'>): User {
  return {
    id: row.id,
    fullname: row.fullname,
    email: row.email,
    phone_number: row.phone_number,
    department: row.department,
    role: row.role,
    system_role: row.system_role,
    organization_id: row.organization_id,
    settings: row.settings,
    is_locked: row.is_locked === 1,
    lock_reason: row.lock_reason,
    created_at: row.created_at,
    modified_at: row.modified_at,
    last_logged_in: canSeeLastLogin(viewer) ? row.last_logged_in : null,
  };
}

export const UpdatedUserAnswer = Type.Object(
  {
    user: UserSchema,
    pending_email: Type.Optional(
      Type.String({ description: 'The new e-mail waiting for its confirmation link; the old one signs in until then' }),
    ),
  },
  strict,
);

/**
 * Values are checked for shape here and for meaning in the service (userFieldProblem), which can
 * name every bad row of an upload. The name and e-mail limits are the domain's, which the forms and
 * the upload preview check first; the other lengths only keep absurd input out.
 */
const field = (description: string, maxLength = 200) => Type.String({ maxLength, description });
const userValues = {
  fullname: field('Full name; trimmed, inner spaces collapsed', FULLNAME_MAX_LENGTH),
  department: field('One of DEPARTMENTS (not "all")', 100),
  phone_number: field(
    'A mobile number, national (0712 345 678) or international (+255712345678); stored as E.164. One in scientific notation (2.55712E+11) is refused',
    PHONE_TEXT_MAX_LENGTH,
  ),
  email: field('Unique among live users of the organisation; trimmed, lower-cased', EMAIL_MAX_LENGTH),
  role: field('Position: staff, admin or director (director: directors only)', 100),
  system_role: field('One of SYSTEM_ROLES (director: directors only)', 100),
};

export const NewUsersBody = Type.Array(
  Type.Object(
    {
      ...userValues,
      password: Type.Optional(
        Type.String({
          maxLength: PASSWORD_MAX_LENGTH,
          description: 'Accepted for compatibility; never stored (users set theirs from the invitation)',
        }),
      ),
    },
    strict,
  ),
  { minItems: 1, maxItems: BULK_USERS_MAX },
);

export const RowErrorsSchema = Type.Object(
  {
    error: Type.String(),
    code: ErrorCodeSchema,
    rows: Type.Optional(Type.Array(Type.Object({ row: Type.Integer(), field: Type.String(), message: Type.String() }, strict))),
  },
  { ...strict, description: 'Error naming every bad row, 1-based as uploaded' },
);

export const UpdateUserBody = Type.Object(
  {
    user_id: Type.Integer({ minimum: 1 }),
    fullname: Type.Optional(userValues.fullname),
    department: Type.Optional(userValues.department),
    phone_number: Type.Optional(userValues.phone_number),
    email: Type.Optional(userValues.email),
    role: Type.Optional(userValues.role),
    system_role: Type.Optional(userValues.system_role),
    // A client may send back the user as it read it (docs/records.md User): these are the server's, or changed
    // by their own calls (users/restrict, users/settings), and are ignored here.
    id: Type.Optional(Type.Integer({ minimum: 1, description: "The user as the answers name it; when sent it must be user_id's" })),
    ...Object.fromEntries(
      (['organization_id', 'settings', 'is_locked', 'lock_reason', 'created_at', 'modified_at', 'last_logged_in'] as const).map((field) => [
        field,
        Type.Optional(Type.Unknown({ description: `${field} as the answers carry it; ignored` })),
      ]),
    ),
  },
  strict,
);

export const RestrictBody = Type.Object({ user_id: Type.Integer({ minimum: 1 }), lock_status: Type.Boolean() }, strict);

const PathId = SharedPathId('A user id');
export const IdParams = Type.Object({ id: PathId }, strict);

const LIST_PER_PAGE_MAX = 100;

export const ListParams = Type.Object(
  {
    department: Type.String({ maxLength: 100, description: 'A department, or "all"' }),
    role: Type.String({ maxLength: 100, description: '"user" (staff mode) or the caller\'s own system role (admin mode)' }),
  },
  strict,
);

export const ListQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: LIST_PER_PAGE_MAX, default: 10 })),
    search: Type.Optional(Type.String({ maxLength: 100, description: 'Part of the name or e-mail, any case' })),
  },
  strict,
);
