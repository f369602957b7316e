import { useOrganizationTimeZone } from '@imprest/api-client';
import { formatDateTime, type RequestRecord } from '@imprest/domain';
import { SelectInput } from '@imprest/ui';
import { Field } from '@imprest/ui/forms';
import { DETAIL_TEXT } from './strings';

interface VersionSelectProps {
  versions: readonly RequestRecord[];
  shownId: number;
  onChange: (id: number) => void;
}

/** 'Select request version': every version by creation date, newest first. */
export function VersionSelect({ versions, shownId, onChange }: VersionSelectProps) {
  const timeZone = useOrganizationTimeZone();
  const options = versions.map((v) => ({
    value: String(v.id),
    label: DETAIL_TEXT.versionOption(v.version, formatDateTime(v.created_at, timeZone)),
  }));
  return (
    <Field.Root maxW={{ base: 'full', sm: 'sm' }} data-print-hide>
      <Field.Label>{DETAIL_TEXT.versionLabel}</Field.Label>
      <SelectInput value={String(shownId)} options={options} onChange={(value) => onChange(Number(value))} />
    </Field.Root>
  );
}
