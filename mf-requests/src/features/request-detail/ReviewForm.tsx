import { useState } from 'react';
import { REVIEW_COMMENTS_MAX, reviewCommentsProblem, type ReviewInput } from '@imprest/domain';
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

/** The comment box and Accept / Reject / Return for Edits; rejecting or returning needs a comment (the domain's rule, as the server's). */
export function ReviewForm({ onDecide, busy, sending }: ReviewFormProps) {
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const decide = (status: Decision) => {
    const comments = comment.trim();
    const found = reviewCommentsProblem(status, comments);
    setProblem(found);
    if (found) return;
    onDecide(status, comments, () => setComment(''));
  };

  return (
    <Flex direction="column" gap="3" data-print-hide>
      <Field.Root invalid={problem !== null}>
        <Field.Label>{text.comment}</Field.Label>
        <Textarea
          value={comment}
          rows={3}
          maxLength={REVIEW_COMMENTS_MAX}
          bg="bg"
          onChange={(e) => {
            setComment(e.target.value);
            if (e.target.value.trim()) setProblem(null);
          }}
        />
        {problem ? <Field.ErrorText>{problem}</Field.ErrorText> : <Field.HelperText>{text.commentHint}</Field.HelperText>}
      </Field.Root>
      <Flex gap="2" wrap="wrap">
        <Button colorPalette="green" disabled={busy} loading={sending === 'approved'} onClick={() => decide('approved')}>
          {text.accept}
        </Button>
        <Button colorPalette="red" variant="outline" disabled={busy} loading={sending === 'rejected'} onClick={() => decide('rejected')}>
          {text.reject}
        </Button>
        <Button
          colorPalette="orange"
          variant="outline"
          disabled={busy}
          loading={sending === 'request_edit'}
          onClick={() => decide('request_edit')}
        >
          {text.returnForEdits}
        </Button>
      </Flex>
    </Flex>
  );
}
