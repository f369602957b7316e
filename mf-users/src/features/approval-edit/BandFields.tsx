import { BAND_DESCRIPTION_MAX, BAND_LABEL_MAX, REVIEWER_SEQUENCE, ROLE_LABELS } from '@imprest/domain';
import { Box, Button, Heading, HStack, Input, SelectInput, SimpleGrid, chakra, type Option } from '@imprest/ui';
import { FormField, Textarea } from '@imprest/ui/forms';
import { Switch } from '@imprest/ui/inputs';
import { TEXT } from '../../strings';
import { REVIEWER_FIELDS, matrixAmountText, type BandDraft, type DraftField } from './band-form';

const LABELS = TEXT.approvalEdit.fields;
const REVIEWER_OPTIONS: Option[] = REVIEWER_SEQUENCE.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

interface BandFieldsProps {
  index: number;
  draft: BandDraft;
  /** Messages to show now (the form decides when a field's message is due). */
  errors: Partial<Record<DraftField, string>>;
  last: boolean;
  onChange: (field: DraftField, value: string | boolean) => void;
  onEnd: (text: string) => void;
  onBlur: (field: DraftField) => void;
  /** Absent when the band may not be removed (the only one). */
  onRemove?: () => void;
}

/** Every field of one band: amounts with thousands separators, label, description, three reviewers, cascading. */
export function BandFields({ index, draft, errors, last, onChange, onEnd, onBlur, onRemove }: BandFieldsProps) {
  const title = TEXT.approvalEdit.band(index + 1);
  const amount = (field: 'start_value' | 'end_value') => (
    <FormField label={LABELS[field]} error={errors[field]} required={!(last && field === 'end_value')}>
      <Input
        name={`bands.${index}.${field}`}
        value={last && field === 'end_value' ? '' : draft[field]}
        placeholder={last && field === 'end_value' ? TEXT.approvalEdit.noEnd : undefined}
        disabled={last && field === 'end_value'}
        inputMode="numeric"
        autoComplete="off"
        bg="bg"
        // docs/product-rules.md §Validation: approval matrix amounts are whole TZS, digits only, shown with separators
        onChange={(e) => (field === 'end_value' ? onEnd(e.target.value) : onChange(field, matrixAmountText(e.target.value)))}
        onBlur={() => onBlur(field)}
      />
    </FormField>
  );

  return (
    <chakra.fieldset aria-label={title} borderWidth="1px" borderRadius="lg" p={{ base: '3', md: '4' }} bg="bg">
      <HStack justify="space-between" mb="3">
        <Heading as="h2" size="sm">
          {title}
        </Heading>
        {onRemove && (
          <Button size="xs" variant="ghost" colorPalette="red" onClick={onRemove}>
            {TEXT.approvalEdit.removeBand(index + 1)}
          </Button>
        )}
      </HStack>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        {amount('start_value')}
        {amount('end_value')}
        <FormField label={LABELS.user_role} error={errors.user_role} required>
          <Input
            name={`bands.${index}.user_role`}
            value={draft.user_role}
            maxLength={BAND_LABEL_MAX}
            autoComplete="off"
            bg="bg"
            onChange={(e) => onChange('user_role', e.target.value)}
            onBlur={() => onBlur('user_role')}
          />
        </FormField>
        {REVIEWER_FIELDS.map((field, position) => (
          <FormField key={field} label={LABELS[field]} error={errors[field]} required={position === 0}>
            <SelectInput
              name={`bands.${index}.${field}`}
              value={draft[field]}
              options={REVIEWER_OPTIONS}
              placeholder={position === 0 ? TEXT.choose : TEXT.approvalEdit.optional}
              onChange={(value) => onChange(field, value)}
              onBlur={() => onBlur(field)}
            />
          </FormField>
        ))}
        <FormField label={LABELS.description} error={errors.description} wide>
          <Textarea
            name={`bands.${index}.description`}
            value={draft.description}
            maxLength={BAND_DESCRIPTION_MAX}
            rows={2}
            bg="bg"
            onChange={(e) => onChange('description', e.target.value)}
            onBlur={() => onBlur('description')}
          />
        </FormField>
        <Box gridColumn="1 / -1">
          <Switch.Root
            checked={draft.cascading_notification}
            onCheckedChange={(e) => onChange('cascading_notification', e.checked)}
            colorPalette="teal"
          >
            <Switch.HiddenInput name={`bands.${index}.cascading_notification`} />
            <Switch.Control>
              <Switch.Thumb />
            </Switch.Control>
            <Switch.Label>{LABELS.cascading_notification}</Switch.Label>
          </Switch.Root>
        </Box>
      </SimpleGrid>
    </chakra.fieldset>
  );
}
