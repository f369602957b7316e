import { Type } from '@sinclair/typebox';
import { SYSTEM_ROLES, type User } from '@imprest/domain';
import type { UserRow } from '../../db/schema';

/** A user as every API answer carries it (SPEC §3 User); never the password hash. */
export const UserSchema = Type.Object(
  {
    id: Type.Integer(),
    fullname: Type.String(),
    email: Type.String(),
    phone_number: Type.String(),
    department: Type.String(),
    role: Type.String(),
    system_role: Type.Union(SYSTEM_ROLES.map((r) => Type.Literal(r))),
    organization_id: Type.Integer(),
    settings: Type.String({ description: 'JSON text, e.g. {"mute_notification":false}' }),
    is_locked: Type.Boolean(),
    created_at: Type.String({ description: 'ISO 8601' }),
    modified_at: Type.String({ description: 'ISO 8601' }),
    last_logged_in: Type.Union([Type.String({ description: 'ISO 8601' }), Type.Null()]),
  },
  { additionalProperties: false },
);

export function toApiUser(row: UserRow): User {
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
    created_at: row.created_at,
    modified_at: row.modified_at,
    last_logged_in: row.last_logged_in,
  };
}
