import { useState } from 'react';
import { useFormik } from 'formik';
import { errorMessage } from '@imprest/api-client';
import { useUpdateUser } from '@imprest/api-client/query';
import {
  IDENTITY_FIELDS,
  canChangeEmail,
  canChooseDirectorPosition,
  canEditIdentity,
  canEditUser,
  normalizeUserInput,
  type SystemRole,
  type User,
  type UserInput,
} from '@imprest/domain';
import { userFormSchema } from '@imprest/domain/forms';
import { Button, FormAlert, HStack, Stack, Text } from '@imprest/ui';
import { UserFields } from '../../components/UserFields';
import { useOnline } from '@imprest/api-client/offline';
import { TEXT } from '../../strings';
import { OfflineReason } from '../../components/OfflineReason';

const valuesOf = (user: User): UserInput => ({
  fullname: user.fullname,
  department: user.department,
  role: user.role,
  phone_number: user.phone_number,
  email: user.email,
  system_role: user.system_role,
});

interface UserFormProps {
  user: User;
  actor: { id: number; system_role: SystemRole };
  onBack: () => void;
  onDelete?: () => void;
}

/** The user's fields, read-only until Edit; Update User sends them (PUT users). */
export function UserForm({ user, actor, onBack, onDelete }: UserFormProps) {
  // changes to a user are never queued: offline Update and Delete wait for a connection
  const online = useOnline();
  const [editing, setEditing] = useState(false);
  const [result, setResult] = useState<{ ok: true; pendingEmail?: string } | { ok: false; reason: string } | null>(null);
  const update = useUpdateUser();
  const identity = canEditIdentity(actor);
  // a non-director cannot touch position or system role, so a director's record passes as it is
  const allowDirector = canChooseDirectorPosition(actor) || !identity;
  // the e-mail is the sign-in identity: another user's only by a director
  const locked = [...(identity ? [] : IDENTITY_FIELDS), ...(canChangeEmail(actor, user) ? [] : (['email'] as const))];
  const form = useFormik<UserInput>({
    initialValues: valuesOf(user),
    // a refetch (realtime, another tab) refreshes what is shown, but never under someone's typing
    enableReinitialize: !editing,
    // a value stored under an older rule may stay as it is, as the server lets it (docs/product-rules.md §Phone numbers)
    validationSchema: userFormSchema({ allowDirector, stored: valuesOf(user) }),
    onSubmit: async (values) => {
      setResult(null);
      try {
        const answer = await update.mutateAsync({ user_id: user.id, ...normalizeUserInput(values) });
        setEditing(false);
        // what the server kept: a new e-mail stays pending, so the field shows the address still in force
        form.resetForm({ values: valuesOf(answer.user) });
        setResult({ ok: true, pendingEmail: answer.pending_email });
      } catch (error) {
        setResult({ ok: false, reason: errorMessage(error) });
      }
    },
  });

  const start = () => {
    setResult(null);
    setEditing(true);
  };
  const cancel = () => {
    form.resetForm({ values: valuesOf(user) });
    setResult(null);
    setEditing(false);
  };

  return (
    <form onSubmit={form.handleSubmit} noValidate aria-label={user.fullname}>
      <Stack gap="5">
        <UserFields form={form} readOnly={!editing} locked={locked} allowDirector={allowDirector} />
        {editing && !identity && (
          <Text fontSize="sm" color="fg.muted">
            {locked.includes('email') ? TEXT.detail.identityAndEmailLocked : TEXT.detail.identityLocked}
          </Text>
        )}
        {result?.ok === true && <FormAlert status="success">{TEXT.detail.updated}</FormAlert>}
        {result?.ok === true && result.pendingEmail && (
          <FormAlert status="info">{TEXT.detail.emailPending(result.pendingEmail, user.email)}</FormAlert>
        )}
        {/* docs/product-rules.md §Messages: an update failure shows the server's text */}
        {result?.ok === false && <FormAlert status="error">{result.reason}</FormAlert>}
        {!online && (editing || onDelete) && <OfflineReason />}
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Button variant="outline" onClick={onBack}>
            {TEXT.detail.back}
          </Button>
          <HStack gap="3" wrap="wrap">
            {editing ? (
              <>
                <Button key="cancel" variant="outline" onClick={cancel}>
                  {TEXT.detail.cancel}
                </Button>
                <Button key="update" type="submit" colorPalette="teal" disabled={!online} loading={form.isSubmitting}>
                  {TEXT.detail.update}
                </Button>
              </>
            ) : (
              <>
                {onDelete && (
                  <Button key="delete" variant="outline" colorPalette="red" disabled={!online} onClick={onDelete}>
                    {TEXT.detail.delete}
                  </Button>
                )}
                {canEditUser(actor, user) && (
                  // its own key: were the DOM button reused as Update User (type=submit), the click
                  // that pressed Edit would go on to submit the form
                  <Button key="edit" colorPalette="teal" onClick={start}>
                    {TEXT.detail.edit}
                  </Button>
                )}
              </>
            )}
          </HStack>
        </HStack>
      </Stack>
    </form>
  );
}
