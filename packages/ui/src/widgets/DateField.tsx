import { useRef } from 'react';
import { Box, IconButton, Input, chakra } from '@chakra-ui/react';
import { DATE_TEXT, dateTextOf, isoOfDateText, withDateSlashes } from '@imprest/domain';

interface DateFieldProps {
  /** ISO YYYY-MM-DD once a whole real day is typed; '' when empty; the typed text otherwise. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The earliest and latest day the calendar offers (ISO), as on a native date input. */
  min?: string;
  max?: string;
  name?: string;
  id?: string;
  disabled?: boolean;
}

export const DATE_FIELD_TEXT = { calendar: 'Choose from a calendar' };

const CalendarIcon = () => (
  <chakra.svg viewBox="0 0 24 24" width="1.25em" height="1.25em" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <path d="M4 5h16v16H4zM4 10h16M8 3v4M16 3v4" />
  </chakra.svg>
);

/** A date input's own picker, opened from our button; older browsers without showPicker get it focused and clicked. */
function openPicker(input: HTMLInputElement | null) {
  if (!input) return;
  try {
    input.showPicker();
  } catch {
    input.focus();
    input.click();
  }
}

/**
 * A calendar date typed dd/mm/yyyy (docs/product-rules.md §Limits, en-GB) whatever the browser's locale, which a native
 * date input follows (mm/dd/yyyy on an en-US phone). The form holds ISO once the text is a real
 * day, so its validation (dateTextProblem) can say what is wrong with anything else. The calendar
 * button opens the browser's own picker, hidden behind it, for those who would rather pick.
 */
export function DateField({ value, onChange, onBlur, min, max, name, id, disabled }: DateFieldProps) {
  const picker = useRef<HTMLInputElement>(null);
  const typedBox = useRef<HTMLInputElement>(null);
  const text = dateTextOf(value);
  const iso = isoOfDateText(text);

  const typed = (next: string) => {
    // a pasted ISO date stays whole; typing forward gets its slashes, deleting is left alone
    const shaped = isoOfDateText(next) || next.length <= text.length ? next : withDateSlashes(next);
    onChange(isoOfDateText(shaped) ?? shaped);
  };

  return (
    // full width, as the field's other inputs are: Field.Root would shrink the box to its content
    <Box position="relative" width="full">
      <Input
        ref={typedBox}
        id={id}
        name={name}
        value={text}
        disabled={disabled}
        placeholder={DATE_TEXT.placeholder}
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        bg="bg"
        pe="10"
        onChange={(e) => typed(e.target.value)}
        onBlur={onBlur}
      />
      <IconButton
        aria-label={DATE_FIELD_TEXT.calendar}
        variant="ghost"
        size="sm"
        position="absolute"
        top="50%"
        insetEnd="1"
        transform="translateY(-50%)"
        disabled={disabled}
        onClick={() => openPicker(picker.current)}
      >
        <CalendarIcon />
      </IconButton>
      {/* the native picker, under the button so it opens beside it; reached only through the button */}
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        aria-label={DATE_FIELD_TEXT.calendar}
        data-testid="date-picker"
        min={min}
        max={max}
        value={iso ?? ''}
        disabled={disabled}
        style={{ position: 'absolute', insetInlineEnd: 0, bottom: 0, width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
        onChange={(e) => {
          if (e.target.value) onChange(e.target.value);
          typedBox.current?.focus();
        }}
      />
    </Box>
  );
}
