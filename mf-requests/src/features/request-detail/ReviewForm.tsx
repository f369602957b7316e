import { reviewCommentsProblem, type ReviewInput } from '@imprest/domain';
import { Flex } from '@imprest/ui';
import { DecisionButtons, ReviewCommentField, useReviewComment } from '@imprest/ui/forms';
import { DETAIL_TEXT } from './strings';

const { review: text } = DETAIL_TEXT;

type Decision = ReviewInput['status'];

const DECISIONS = [
  { value: 'approved', label: text.accept, palette: 'green' },
  { value: 'rejected', label: text.reject, palette: 'red', outline: true },
  { value: 'request_edit', label: text.returnForEdits, palette: 'orange', outline: true },
] as const;

interface ReviewFormProps {
  onDecide: (status: Decision, comments: string, onSaved: () => void) => void;
  busy: boolean;
  /** The decision being sent, for its button's spinner. */
  sending?: Decision;
}

/** The comment box and Accept / Reject / Return for Edits; rejecting or returning needs a comment (the domain's rule, as the server's). */
export function ReviewForm({ onDecide, busy, sending }: ReviewFormProps) {
  const box = useReviewComment();

  const decide = (status: Decision) => {
    const comments = box.comment.trim();
    const found = reviewCommentsProblem(status, comments);
    box.setProblem(found);
    if (found) return;
    onDecide(status, comments, box.clear);
  };

  return (
    <Flex direction="column" gap="3" data-print-hide>
      <ReviewCommentField label={text.comment} value={box.comment} onChange={box.onChange} problem={box.problem} hint={text.commentHint} />
      <DecisionButtons decisions={DECISIONS} disabled={busy} sending={sending} onDecide={decide} />
    </Flex>
  );
}
