import { CheckIcon, ClockIcon, CloseIcon, ReturnIcon } from '@imprest/ui';
import type { StepState } from './progress-steps';

/** One look per state, used by the progress header and the review panels: colour plus an icon and words, never colour alone. */
export const STEP_STYLE: Record<StepState, { palette: string; Icon: typeof CheckIcon }> = {
  approved: { palette: 'green', Icon: CheckIcon },
  rejected: { palette: 'red', Icon: CloseIcon },
  returned: { palette: 'orange', Icon: ReturnIcon },
  pending: { palette: 'gray', Icon: ClockIcon },
  closed: { palette: 'gray', Icon: CloseIcon },
};
