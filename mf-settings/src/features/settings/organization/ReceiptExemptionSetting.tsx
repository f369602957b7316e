import { withThousands } from '@imprest/domain';
import { receiptExemptionOf, receiptExemptionSchema } from '@imprest/domain/forms';
import { AmountInput } from '@imprest/ui/forms';
import { ORGANIZATION_TEXT as T } from '../../../strings';
import { SettingRow } from './SettingRow';

/**
 * The petty-cash exemption from receipts (docs/product-rules.md §Retirements): retirements spending
 * less than this amount in TZS need no receipt; directors only.
 */
export function ReceiptExemptionSetting() {
  return (
    <SettingRow
      setting="receipt_exempt_below"
      name="receipt_exempt_below"
      label={T.receiptExemption}
      schema={receiptExemptionSchema}
      textOf={(saved) => withThousands(String(saved))}
      valueOf={receiptExemptionOf}
      help={(saved) => (
        <>
          {T.receiptHelp} {saved === 0 && T.receiptNone}
        </>
      )}
      box={(box) => <AmountInput {...box} />}
    />
  );
}
