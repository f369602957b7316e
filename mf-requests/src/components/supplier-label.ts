// docs/screens.md: for travel the supplier is 'Name of Transporter'; any other purpose names an establishment.
// One wording for the label and for its errors, which the domain writes (requestProblems).
export { supplierLabel } from '@imprest/domain';
