import { FormAlert } from '@imprest/ui';
import { TEXT } from '../../strings';
import type { ActionOutcome } from './use-retirement-action';

/** A failed or overtaken action, under the form; success is the page's own panel. */
export function Outcome({ outcome, failed }: { outcome: ActionOutcome; failed: string }) {
  if (!outcome || outcome.kind === 'done') return null;
  if (outcome.kind === 'conflict') return <FormAlert status="warning">{TEXT.form.conflict}</FormAlert>;
  return (
    <FormAlert status="error" detail={outcome.detail}>
      {failed}
    </FormAlert>
  );
}
