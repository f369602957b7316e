/**
 * The approval matrix and exchange rates bodies and answers are the contract's (shared with the
 * browser client). Shapes only, with room to spare: the meaning (contiguous bands, label lengths,
 * reviewer roles) is approvalMatrixProblems', so a bad band gets its sentence naming the band and field.
 */
export { MatrixAnswer, MatrixBody, RatesAnswer, RatesBody } from '@imprest/domain/contract';
