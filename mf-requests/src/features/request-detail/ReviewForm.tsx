import { useState } from 'react';
import type { ReviewInput } from '@imprest/domain';
import { Button, Field, Flex, Textarea } from '@imprest/ui';
import { DETAIL_TEXT } from './strings';

const { review: text } = DETAIL_TEXT;

type Decision = ReviewInput['status'];

interface ReviewFormProps {
  onDecide: (status: Decision, comments: string, onSaved: () => void) => void;
  busy: boolean;
  /** The decision being sent, for its button's spinner. */
  sending?: Decision;
}

/** The comment box and Accept / Reject / Return for Edits; rejecting or returning needs a comment. */
export function ReviewForm({ onDecide, busy, sending }: ReviewFormProps) {
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);

  const decide = (status: Decision) => {
    const comments = comment.trim();
    if (status !== 'approved' && comments === '') {
      setMissing(true);
      return;
    }
    onDecide(status, comments, () => setComment(''));
  };

  return (
    <Flex direction="column" gap="3" data-print-hide>
      <Field.Root invalid={missing}>
        <Field.Label>{text.comment}</Field.Label>
        <Textarea
          value={comment}
          rows={3}
          bg="bg"
          onChange={(e) => {
            setComment(e.target.value);
            if (e.target.value.trim()) setMissing(false);
          }}
        />
        {missing ? <Field.ErrorText>{text.commentNeeded}</Field.ErrorText> : <Field.HelperText>{text.commentHint}</Field.HelperText>}
      </Field.Root>
      <Flex gap="2" wrap="wrap">
        <Button colorPalette="green" disabled={busy} loading={sending === 'approved'} onClick={() => decide('approved')}>
          {text.accept}
        </Button>
        <Button colorPalette="red" variant="outline" disabled={busy} loading={sending === 'rejected'} onClick={() => decide('rejected')}>
          {text.reject}
        </Button>
        <Button colorPalette="orange" variant="outline" disabled={busy} loading={sending === 'request_edit'} onClick={() => decide('request_edit')}>
          {text.returnForEdits}
        </Button>
      </Flex>
    </Flex>
  );
}
