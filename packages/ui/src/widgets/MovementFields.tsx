import {
  MOBILE_NETWORKS,
  MOVEMENT_METHODS,
  MOVEMENT_REFERENCE_MAX,
  PHONE_TEXT_MAX_LENGTH,
  mobileNetworkLabel,
  movementMethodLabel,
  phoneInputText,
  type MovementMethod,
} from '@imprest/domain';
import { Input } from '../chakra';
import { AmountInput } from './AmountInput';
import { DateField } from './DateField';
import { FormField } from './FormField';
import { SelectInput } from './SelectInput';

/** The words of how money moved, the same on every form that records it (payout, settlement). */
const MOVEMENT_FIELD_TEXT = {
  method: 'Method',
  network: 'Network',
  reference: 'Reference',
  choose: 'Choose…',
  referenceHelp: {
    cash: 'Optional: the cash voucher number.',
    bank_transfer: 'The reference on the bank statement.',
    cheque: 'The cheque number.',
    mobile_money: 'The transaction id in the confirmation SMS, such as QGH7XK2L9P for M-Pesa.',
  } satisfies Record<MovementMethod, string>,
} as const;

const METHODS = MOVEMENT_METHODS.map((m) => ({ value: m, label: movementMethodLabel(m) }));
const NETWORKS = MOBILE_NETWORKS.map((n) => ({ value: n, label: mobileNetworkLabel(n) }));

type MovementField = 'amount' | 'date' | 'method' | 'network' | 'reference' | 'phone';

/**
 * What the fields need of the form: formik's own bag fits it as it is, so this package does not
 * import formik (the remotes share the shell's copy).
 */
interface MovementForm {
  values: Record<MovementField, string>;
  errors: Partial<Record<MovementField, string>>;
  touched: Partial<Record<MovementField, boolean>>;
  submitCount: number;
  setFieldValue: (field: MovementField, value: string) => unknown;
  setFieldTouched: (field: MovementField) => unknown;
}

interface MovementFieldsProps {
  form: MovementForm;
  /** The amount's words (with the currency) and what it may be. */
  amount: { label: string; helper: string };
  /** The day's words and bounds: the organisation's today, and the earliest day when the form knows it. */
  date: { label: string; min?: string; max: string };
  /** The phone's words and rule differ: a payout's is the number paid to (required), a settlement's optional. */
  phone: { label: string; helper: string; required: boolean };
}

/**
 * Amount, day, method, network (mobile money), reference and phone (mobile money) of a record of
 * money that moved, inside the caller's grid. A mobile-money reference is typed upper case, as stored; choosing
 * another method than mobile money empties the network and the phone, which only it has. Errors
 * show once a field was left or the form submitted.
 */
export function MovementFields({ form, amount, date, phone }: MovementFieldsProps) {
  const shown = (field: MovementField) => (form.touched[field] || form.submitCount > 0 ? form.errors[field] : undefined);
  const method = form.values.method as MovementMethod | '';
  const mobile = method === 'mobile_money';
  const text = MOVEMENT_FIELD_TEXT;
  const choose = (field: 'method' | 'network', value: string) => {
    void form.setFieldValue(field, value);
    if (field === 'method' && value !== 'mobile_money') {
      void form.setFieldValue('network', '');
      void form.setFieldValue('phone', '');
    }
  };
  const select = (field: 'method' | 'network', options: typeof METHODS | typeof NETWORKS) => (
    <FormField label={text[field]} error={shown(field)} required>
      <SelectInput
        name={field}
        ariaLabel={text[field]}
        value={form.values[field]}
        options={options}
        placeholder={text.choose}
        onChange={(v) => choose(field, v)}
        onBlur={() => form.setFieldTouched(field)}
      />
    </FormField>
  );
  return (
    <>
      <FormField label={amount.label} error={shown('amount')} helper={amount.helper} required>
        <AmountInput
          name="amount"
          value={form.values.amount}
          onChange={(v) => form.setFieldValue('amount', v)}
          onBlur={() => form.setFieldTouched('amount')}
        />
      </FormField>
      <FormField label={date.label} error={shown('date')} required>
        <DateField
          name="date"
          value={form.values.date}
          min={date.min}
          max={date.max}
          onChange={(v) => form.setFieldValue('date', v)}
          onBlur={() => form.setFieldTouched('date')}
        />
      </FormField>
      {select('method', METHODS)}
      {mobile && select('network', NETWORKS)}
      <FormField
        label={text.reference}
        error={shown('reference')}
        helper={method ? text.referenceHelp[method] : undefined}
        required={method !== '' && method !== 'cash'}
      >
        <Input
          name="reference"
          value={form.values.reference}
          maxLength={MOVEMENT_REFERENCE_MAX}
          autoComplete="off"
          bg="bg"
          onChange={(e) => form.setFieldValue('reference', mobile ? e.target.value.toUpperCase() : e.target.value)}
          onBlur={() => form.setFieldTouched('reference')}
        />
      </FormField>
      {mobile && (
        <FormField label={phone.label} error={shown('phone')} helper={phone.helper} required={phone.required}>
          <Input
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            value={form.values.phone}
            maxLength={PHONE_TEXT_MAX_LENGTH}
            bg="bg"
            onChange={(e) => form.setFieldValue('phone', phoneInputText(e.target.value))}
            onBlur={() => form.setFieldTouched('phone')}
          />
        </FormField>
      )}
    </>
  );
}
