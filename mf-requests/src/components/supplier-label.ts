import { TEXT } from '../strings';

/** SPEC §2: for travel the supplier is 'Name of Transporter'; any other purpose names an establishment. */
export function supplierLabel(purpose: string): string {
  return purpose === 'travel' ? TEXT.form.fields.transporter : TEXT.form.fields.supplier;
}
