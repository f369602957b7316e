import { useState } from 'react';
import { Button, Field, Flex, Textarea } from '@chakra-ui/react';
import { REVIEW_COMMENTS_MAX } from '@imprest/domain';

/**
 * A reviewer's comment and what is wrong with it: typing something clears the problem, `clear`
 * empties the box once the decision was saved.
 */
export function useReviewComment() {
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const onChange = (value: string) => {
    setComment(value);
    if (value.trim()) setProblem(null);
  };
  return { comment, problem, setProblem, onChange, clear: () => setComment('') };
}

export interface ReviewCommentFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem: string | null;
  /** Shown under the box while there is no problem. */
  hint?: string;
}

/** The reviewer's comment box (the domain's length cap), its problem or its hint under it. */
export function ReviewCommentField({ label, value, onChange, problem, hint }: ReviewCommentFieldProps) {
  return (
    <Field.Root invalid={problem !== null}>
      <Field.Label>{label}</Field.Label>
      <Textarea value={value} rows={3} maxLength={REVIEW_COMMENTS_MAX} bg="bg" onChange={(e) => onChange(e.target.value)} />
      {problem ? <Field.ErrorText>{problem}</Field.ErrorText> : hint ? <Field.HelperText>{hint}</Field.HelperText> : null}
    </Field.Root>
  );
}

/** One decision button: its value, its words and its colour; `outline` for the ones that turn a record back. */
export interface Decision<D extends string> {
  value: D;
  label: string;
  palette: string;
  outline?: boolean;
}

/** The decisions in the remote's order; the one being sent spins, all wait while `disabled`. */
export function DecisionButtons<D extends string>({
  decisions,
  disabled,
  sending,
  onDecide,
}: {
  decisions: readonly Decision<D>[];
  disabled: boolean;
  sending?: D;
  onDecide: (value: D) => void;
}) {
  return (
    <Flex gap="2" wrap="wrap">
      {decisions.map((d) => (
        <Button
          key={d.value}
          colorPalette={d.palette}
          variant={d.outline ? 'outline' : undefined}
          disabled={disabled}
          loading={sending === d.value}
          onClick={() => onDecide(d.value)}
        >
          {d.label}
        </Button>
      ))}
    </Flex>
  );
}
