import { useState } from 'react';
import { useFormik } from 'formik';
import { errorMessage } from '@imprest/api-client';
import { useSaveApprovalMatrix } from '@imprest/api-client/query';
import { APPROVAL_BANDS_MAX, type ApprovalMatrix } from '@imprest/domain';
import { Button, FormAlert, HStack, Stack, Text } from '@imprest/ui';
import { FormButtons } from '../../components/FormButtons';
import { TEXT } from '../../strings';
import { BandFields } from './BandFields';
import {
  bandsOf,
  draftsOf,
  validateMatrix,
  withBandAdded,
  withBandRemoved,
  withEnd,
  type DraftField,
  type MatrixFormErrors,
  type MatrixFormValues,
} from './band-form';

interface MatrixFormProps {
  matrix: ApprovalMatrix;
  onSaved: () => void;
  onCancel: () => void;
}

/** Every band of the matrix, checked with the server's rules; Save sends the whole matrix. */
export function MatrixForm({ matrix, onSaved, onCancel }: MatrixFormProps) {
  const save = useSaveApprovalMatrix();
  const [failure, setFailure] = useState<string | null>(null);
  const [blurred, setBlurred] = useState<ReadonlySet<string>>(new Set());
  const form = useFormik<MatrixFormValues>({
    initialValues: { bands: draftsOf(matrix) },
    // the server's own rules (approvalMatrixProblems), placed by band and field
    validate: validateMatrix,
    validateOnBlur: false,
    onSubmit: async (values) => {
      setFailure(null);
      try {
        await save.mutateAsync(bandsOf(values.bands));
        onSaved();
      } catch (error) {
        setFailure(errorMessage(error));
      }
    },
  });
  // formik keeps what validate returned, `matrix` (a problem of the whole list) included
  const errors = form.errors as MatrixFormErrors;
  const { bands } = form.values;
  // a message shows once its field was left, and every message after a first Save
  const shown = (index: number) => {
    const all = errors.bands?.[index] ?? {};
    if (form.submitCount > 0) return all;
    return Object.fromEntries(Object.entries(all).filter(([field]) => blurred.has(`${index}.${field}`)));
  };
  const setBands = (next: MatrixFormValues['bands']) => void form.setFieldValue('bands', next);
  const change = (index: number) => (field: DraftField, value: string | boolean) =>
    setBands(bands.map((b, i) => (i === index ? { ...b, [field]: value } : b)));

  return (
    <form onSubmit={form.handleSubmit} noValidate>
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          {TEXT.approvalEdit.intro}
        </Text>
        {bands.map((draft, index) => (
          <BandFields
            key={index}
            index={index}
            draft={draft}
            errors={shown(index)}
            last={index === bands.length - 1}
            onChange={change(index)}
            onEnd={(text) => setBands(withEnd(bands, index, text))}
            onBlur={(field) => setBlurred(new Set(blurred).add(`${index}.${field}`))}
            onRemove={bands.length > 1 ? () => setBands(withBandRemoved(bands, index)) : undefined}
          />
        ))}
        <HStack>
          <Button variant="outline" size="sm" disabled={bands.length >= APPROVAL_BANDS_MAX} onClick={() => setBands(withBandAdded(bands))}>
            {TEXT.approvalEdit.addBand}
          </Button>
        </HStack>
        {form.submitCount > 0 && errors.matrix && <FormAlert status="error">{errors.matrix}</FormAlert>}
        {form.submitCount > 0 && !form.isValid && !errors.matrix && <FormAlert status="warning">{TEXT.approvalEdit.fix}</FormAlert>}
        {failure !== null && (
          <FormAlert status="error" detail={failure}>
            {TEXT.approvalEdit.failed}
          </FormAlert>
        )}
        <FormButtons onCancel={onCancel} saveLabel={TEXT.approvalEdit.save} saving={form.isSubmitting} />
      </Stack>
    </form>
  );
}
