// The widgets of forms and record pages (@imprest/ui/forms): a shared module of its own, loaded with
// the section code that imports it, so the frame and the home paint without it (@imprest/ui is
// theirs). Its Chakra components' recipes join the one design system as this module loads.
import { cardSlotRecipe, fieldSlotRecipe, textareaRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../system';

addRecipes({
  recipes: { textarea: textareaRecipe },
  slotRecipes: { card: cardSlotRecipe, field: fieldSlotRecipe },
});

export { Card, Field, Grid, Textarea } from '@chakra-ui/react';
export { SuccessPanel } from '../widgets/success-panel';
export { FormField } from '../widgets/FormField';
export { AmountInput } from '../widgets/AmountInput';
export { DateField, DATE_FIELD_TEXT } from '../widgets/DateField';
export { FormActions, type FormActionsProps } from '../widgets/FormActions';
export { MovementFields } from '../widgets/MovementFields';
export { Fact } from '../widgets/Fact';
export { HistorySection, HISTORY_TEXT, type HistorySectionProps } from '../widgets/HistorySection';
export { ReviewStepPanel, ReviewSteps, type ReviewStepPanelProps } from '../widgets/ReviewStepPanel';
export {
  DecisionButtons,
  ReviewCommentField,
  useReviewComment,
  type Decision,
  type ReviewCommentFieldProps,
} from '../widgets/ReviewComment';
export { RecordGate, type RecordGateProps, type RecordGateText } from '../widgets/RecordGate';
