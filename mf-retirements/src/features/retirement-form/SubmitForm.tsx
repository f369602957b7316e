import { useState } from 'react';
import { uploadFile } from '@imprest/api-client';
import { useSubmitRetirement } from '@imprest/api-client/query';
import { fromMinorUnits, toMinorUnits, type Retirement } from '@imprest/domain';
import { AmountInput, Button, FileUpload, FormField, SimpleGrid, Textarea, chakra, type Uploader } from '@imprest/ui';
import { TEXT } from '../../strings';
import { Outcome } from './Outcome';
import { useActionOutcome } from './use-retirement-action';

const { form: text } = TEXT;

// each file goes to the store as soon as it is chosen (as on the request form); the retirement carries the keys
const uploader: Uploader = (file, onProgress, signal) => uploadFile(file, { onProgress, signal });

/** The amount as typed (thousands separators kept) → minor units, or null when not an amount. */
const minorOf = (typed: string) => (typed.trim() ? toMinorUnits(typed.replace(/,/g, '')) : null);

/**
 * Edit mode: the owner fills in the Total Amount Spent, comments for the reviewer and the receipts,
 * then Submit Retirement. An earlier round's values start the form after a Request to Resubmit.
 */
export function SubmitForm({ retirement: r, onSubmitted, refetch }: { retirement: Retirement; onSubmitted: () => void; refetch: () => unknown }) {
  const [amount, setAmount] = useState(r.amount_spent === null ? '' : String(r.amount_spent));
  const [comments, setComments] = useState(r.comments);
  const [files, setFiles] = useState<string[]>(r.file_paths);
  const [uploading, setUploading] = useState(false);
  const [touched, setTouched] = useState(false);
  const mutation = useSubmitRetirement();
  const { outcome, handlers } = useActionOutcome(refetch);
  const minor = minorOf(amount);
  const amountError = touched && minor === null ? text.amountProblem : undefined;

  const submit = () => {
    setTouched(true);
    if (minor === null || uploading) return;
    handlers.onMutate();
    mutation.mutate(
      { id: r.id, amount_spent: fromMinorUnits(minor), amount_currency: r.request.amount_currency, comments: comments.trim(), file_paths: files },
      { onSuccess: () => onSubmitted(), onError: handlers.onError },
    );
  };

  return (
    <chakra.form display="flex" flexDirection="column" gap="4" noValidate onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField label={`${text.fields.spent} (${r.request.amount_currency.toUpperCase()})`} error={amountError} required>
          <AmountInput name="amount" value={amount} onChange={setAmount} onBlur={() => setTouched(true)} />
        </FormField>
        <FormField label={text.fields.comments} wide>
          <Textarea name="comments" value={comments} rows={3} maxLength={2000} bg="bg" onChange={(e) => setComments(e.target.value)} />
        </FormField>
        <FormField label={text.fields.documents} helper={text.documentsHint} wide>
          <FileUpload uploader={uploader} value={files} onUploaded={setFiles} onBusyChange={setUploading} />
        </FormField>
      </SimpleGrid>
      <Outcome outcome={outcome} failed={text.submitFailed} />
      <Button type="submit" colorPalette="teal" alignSelf="flex-start" loading={mutation.isPending} disabled={uploading}>
        {text.submit}
      </Button>
    </chakra.form>
  );
}
