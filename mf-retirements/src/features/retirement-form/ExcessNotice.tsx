import { excessNotice, toMinorUnits } from '@imprest/domain';
import { FormAlert } from '@imprest/ui';

/**
 * "Spent TZS X more than advanced" (packages/domain/src/retirements/retirement-excess.ts), shown wherever the
 * retirement is filled in or reviewed: an excess takes room in the budget code, so nobody acts on
 * one without seeing it. Nothing when no more than the advance was spent. Amounts in major units.
 */
export function ExcessNotice({
  advance,
  spent,
  currency,
  detail,
}: {
  advance: number;
  spent: number | null;
  currency: string;
  detail: string;
}) {
  const [advanced, used] = [toMinorUnits(advance), spent === null ? null : toMinorUnits(spent)];
  const text = advanced === null || used === null ? null : excessNotice(advanced, used, currency);
  if (!text) return null;
  return (
    <FormAlert status="warning" detail={detail}>
      <span data-testid="excess-notice">{text}</span>
    </FormAlert>
  );
}
