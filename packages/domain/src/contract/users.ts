import { Type, type Static } from '@sinclair/typebox';
import { SYSTEM_ROLES } from '../users/roles';
import { LOCK_REASONS } from '../users/lock-reasons';
import { literals, nullable, pageOf, strict, time } from './common';

/** A user as every API answer carries it (the User entity); never the password hash. */
export const UserSchema = Type.Object(
  {
    id: Type.Integer(),
    fullname: Type.String(),
    email: Type.String(),
    phone_number: Type.String(),
    department: Type.String(),
    role: Type.String({ description: 'Position: staff, admin or director' }),
    system_role: literals(SYSTEM_ROLES),
    organization_id: Type.Integer(),
    settings: Type.String({ description: 'JSON text, e.g. {"mute_notification":false}' }),
    is_locked: Type.Boolean(),
    lock_reason: nullable(literals(LOCK_REASONS), {
      description: 'manual: locked by a finance user (lifted only by hand); overdue: locked at midnight for an overdue retirement',
    }),
    created_at: time(),
    modified_at: time(),
    last_logged_in: nullable(time(), { description: 'null unless the caller is a director (or the user never signed in)' }),
  },
  strict,
);

export const UserAnswer = Type.Object({ user: UserSchema }, strict);
export const UserPageSchema = pageOf('users', UserSchema);

export type UserPage = Static<typeof UserPageSchema>;
