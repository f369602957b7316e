import { chooseMode, useMode, type Mode } from '@imprest/api-client';
import { hasAdminPermission, type User } from '@imprest/domain';
import { NativeSelect } from '@imprest/ui';
import { TEXT } from '../../strings';

/** Staff / Admin mode; Admin needs admin permission. The choice is remembered per user. */
export function ModeSelect({ user }: { user: User }) {
  const mode = useMode((s) => s.currentMode);
  return (
    <NativeSelect.Root size="sm" width="auto" minW="24">
      <NativeSelect.Field aria-label={TEXT.layout.mode} value={mode} onChange={(e) => chooseMode(user, e.currentTarget.value as Mode)}>
        <option value="staff">{TEXT.layout.staff}</option>
        <option value="admin" disabled={!hasAdminPermission(user)}>
          {TEXT.layout.admin}
        </option>
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
