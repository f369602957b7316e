import { useId, useState } from 'react';
import type { BudgetCodeOption } from '@imprest/api-client';
import { budgetCodeLabel } from '@imprest/domain';
import { Input } from '@imprest/ui';
import { TEXT } from '../../strings';

interface BudgetCodeInputProps {
  /** The chosen full code, '' when none. */
  value: string;
  codes: BudgetCodeOption[] | undefined;
  /** A code was picked ('' when the text no longer names one). */
  onChange: (code: string) => void;
  onBlur: () => void;
  invalid?: boolean;
}

/** The option a typed text names: its 'code - name' as listed, or the code alone. */
function optionFor(codes: BudgetCodeOption[], text: string): BudgetCodeOption | undefined {
  const typed = text.trim();
  return codes.find((c) => budgetCodeLabel(c.code, c.name) === typed || String(c.code) === typed);
}

/** The options a text offers, as the browser's datalist filters them: the label contains it (any case). */
function offeredFor(codes: BudgetCodeOption[], text: string): BudgetCodeOption[] {
  const typed = text.trim().toLowerCase();
  return typed ? codes.filter((c) => budgetCodeLabel(c.code, c.name).toLowerCase().includes(typed)) : [];
}

/**
 * The budget code pick list, filtered as one types (docs/screens.md: 'code - name'). A native datalist:
 * the browser filters and offers the codes, with no combobox library in the form's chunk. Enter in
 * the box never submits the form (ArrowDown + Enter on a suggestion sent the whole request): where
 * the browser shows its list, Enter takes the highlighted suggestion there; where it shows none (a
 * phone's keyboard, a browser without the popup), Enter takes the one code the text still offers.
 */
export function BudgetCodeInput({ value, codes = [], onChange, onBlur, invalid }: BudgetCodeInputProps) {
  const listId = useId();
  const chosen = codes.find((c) => String(c.code) === value);
  // what is typed; until something is, the chosen code's label (a prefilled edit included)
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? (chosen ? budgetCodeLabel(chosen.code, chosen.name) : value);

  return (
    <>
      <Input
        name="budget_code"
        list={listId}
        value={shown}
        placeholder={TEXT.form.codePlaceholder}
        autoComplete="off"
        bg="bg"
        aria-invalid={invalid || undefined}
        onChange={(e) => {
          setText(e.target.value);
          const option = optionFor(codes, e.target.value);
          const code = option ? String(option.code) : '';
          if (code !== value) onChange(code);
        }}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          const offered = offeredFor(codes, e.currentTarget.value);
          if (offered.length !== 1) return;
          const [only] = offered;
          setText(budgetCodeLabel(only.code, only.name));
          if (String(only.code) !== value) onChange(String(only.code));
        }}
        onBlur={() => {
          // a code typed alone is shown the way the list names it
          if (text !== null && optionFor(codes, text)) setText(null);
          onBlur();
        }}
      />
      <datalist id={listId}>
        {codes.map((c) => (
          <option key={c.code} value={budgetCodeLabel(c.code, c.name)} />
        ))}
      </datalist>
    </>
  );
}
