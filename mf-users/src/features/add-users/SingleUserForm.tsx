import { useState } from 'react';
import { useFormik } from 'formik';
import { ApiError, errorMessage } from '@imprest/api-client';
import { useCreateUsers, useFormKey } from '@imprest/api-client/query';
import { canChooseDirectorPosition, capitalize, normalizeUserInput, type SystemRole, type UserInput } from '@imprest/domain';
import { userFormSchema } from '@imprest/domain/forms';
import { FormAlert, Stack } from '@imprest/ui';
import { FormButtons } from '../../components/FormButtons';
import { UserFields } from '../../components/UserFields';
import { TEXT } from '../../strings';

const EMPTY: UserInput = { fullname: '', department: '', role: 'staff', phone_number: '', email: '', system_role: 'staff' };

interface SingleUserFormProps {
  actor: { id: number; system_role: SystemRole };
  onAdded: (count: number) => void;
  onCancel: () => void;
}

/** One user: the six fields, checked as the server checks them; the invitation e-mail sets the password. */
export function SingleUserForm({ actor, onAdded, onCancel }: SingleUserFormProps) {
  const allowDirector = canChooseDirectorPosition(actor);
  const create = useCreateUsers();
  const options = useFormKey();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useFormik<UserInput>({
    initialValues: EMPTY,
    validationSchema: userFormSchema({ allowDirector }),
    onSubmit: async (values, helpers) => {
      setFailure(null);
      try {
        await create.mutateAsync({ body: [normalizeUserInput(values)], options });
        onAdded(1);
      } catch (error) {
        setFailure(errorMessage(error));
        // the server names the field it refused (e.g. an e-mail already in use): show it there too
        if (error instanceof ApiError && error.rows.length) {
          helpers.setErrors(Object.fromEntries(error.rows.map((row) => [row.field, capitalize(row.message)])));
        }
      }
    },
  });

  return (
    <form onSubmit={form.handleSubmit} noValidate>
      <Stack gap="5">
        <UserFields form={form} allowDirector={allowDirector} />
        {failure !== null && (
          <FormAlert status="error" detail={failure}>
            {TEXT.add.failed}
          </FormAlert>
        )}
        <FormButtons onCancel={onCancel} saving={form.isSubmitting} />
      </Stack>
    </form>
  );
}
