import { RETIREMENT_LINE_DESCRIPTION_MAX, RETIREMENT_LINES_MAX } from '@imprest/domain';
import type { RetirementLineForm } from '@imprest/domain/forms';
import { Box, Button, Heading, Input, SimpleGrid, Stack, Text } from '@imprest/ui';
import { FileUpload, type Uploader } from '@imprest/ui/inputs';
import { AmountInput, DateField, FormField } from '@imprest/ui/forms';

/** The lines' words (beyond SPEC: the specification has one Total Amount Spent). */
const LINES_TEXT = {
  heading: 'What was spent (optional)',
  help: 'Add a line for each item: Total Amount Spent is then their sum.',
  add: 'Add a line',
  remove: 'Remove line',
  line: (n: number) => `Line ${n}`,
  date: 'Day',
  description: 'What it was for',
  amount: 'Amount',
  documents: 'Its receipts',
} as const;

interface LinesEditorProps {
  lines: RetirementLineForm[];
  onChange: (change: (lines: RetirementLineForm[]) => RetirementLineForm[]) => void;
  /** The first line's problem, once the form was submitted. */
  error?: string;
  today: string;
  uploader: Uploader;
  onBusyChange: (busy: boolean) => void;
}

/** The retirement's lines: the day, what it was for, the amount and its receipts, item by item. */
export function LinesEditor({ lines, onChange, error, today, uploader, onBusyChange }: LinesEditorProps) {
  const text = LINES_TEXT;
  const edit = (i: number, patch: Partial<RetirementLineForm>) =>
    onChange((all) => all.map((line, j) => (j === i ? { ...line, ...patch } : line)));
  return (
    <Stack as="section" gap="3" aria-label={text.heading}>
      <Heading as="h3" size="sm">
        {text.heading}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {text.help}
      </Text>
      {lines.map((line, i) => (
        <Box key={i} as="fieldset" borderWidth="1px" borderRadius="md" p="3" aria-label={text.line(i + 1)}>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
            <FormField label={text.date} required>
              <DateField name={`lines.${i}.date`} value={line.date} max={today} onChange={(date) => edit(i, { date })} />
            </FormField>
            <FormField label={text.description} required>
              <Input
                name={`lines.${i}.description`}
                value={line.description}
                maxLength={RETIREMENT_LINE_DESCRIPTION_MAX}
                bg="bg"
                onChange={(e) => edit(i, { description: e.target.value })}
              />
            </FormField>
            <FormField label={text.amount} required>
              <AmountInput name={`lines.${i}.amount`} value={line.amount} onChange={(amount) => edit(i, { amount })} />
            </FormField>
          </SimpleGrid>
          <Box mt="3">
            <FormField label={text.documents}>
              <FileUpload uploader={uploader} value={line.files} onUploaded={(files) => edit(i, { files })} onBusyChange={onBusyChange} />
            </FormField>
          </Box>
          <Button size="sm" variant="outline" mt="2" onClick={() => onChange((all) => all.filter((_, j) => j !== i))}>
            {text.remove}
          </Button>
        </Box>
      ))}
      {error && (
        <Text color="fg.error" fontSize="sm" role="alert">
          {error}
        </Text>
      )}
      <Button
        size="sm"
        variant="outline"
        alignSelf="flex-start"
        disabled={lines.length >= RETIREMENT_LINES_MAX}
        onClick={() => onChange((all) => [...all, { date: today, description: '', amount: '', files: [] }])}
      >
        {text.add}
      </Button>
    </Stack>
  );
}
