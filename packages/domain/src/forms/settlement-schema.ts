import { settlementProblems, type SettlementBounds } from '../settlement/settlement-problems';
import { movementFormSchema } from './movement-schema';

/** Record the settlement: settlementProblems, as the server applies it (which also knows the approval's day). */
export const settlementFormSchema = (bounds: SettlementBounds) => movementFormSchema((check) => settlementProblems(check, bounds));
