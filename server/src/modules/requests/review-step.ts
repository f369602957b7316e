import { firstPendingReview, type ReviewStatus, type SystemRole } from '@imprest/domain';
import { allows, type AccessRule } from '../../access';
import type { UserRow } from '../../db/schema';
import { forbidden, type AppError } from '../../errors';
import { DELEGATE_MESSAGES, actedPersons, capacityFor, type ActedStep, type Capacity } from '../delegations/acting';
import type { DelegationView } from '../delegations/repository';

/** A step of a review chain (a request's or a retirement round's) as acting on it needs it. */
export interface ChainStep extends ActedStep {
  id: number;
  status: ReviewStatus;
  reviewer_role: SystemRole;
}

/** Why the caller may not act on a step, in the words of the record under review. */
export interface StepRefusals {
  own: string;
  already: string;
  stepOf: (role: SystemRole) => string;
  awaitsFirst: (role: SystemRole) => string;
}

export type StepDecision = { refusal: AppError } | { capacity: Capacity };

/**
 * The rules a request step and a retirement step share, after each record's own: in whose name the
 * caller acts (themself, or a delegator) or why not, and only on the first pending step.
 */
export function stepCapacity(
  caller: UserRow,
  step: ChainStep,
  ownerId: number,
  steps: readonly ChainStep[],
  running: DelegationView[],
  words: StepRefusals,
): StepDecision {
  const acting = capacityFor(caller, step.reviewer_role, ownerId, actedPersons(steps), running);
  if ('refusal' in acting) {
    const name = acting.name ?? '';
    const why = {
      own: words.own,
      already: words.already,
      role: words.stepOf(step.reviewer_role),
      'delegator-own': DELEGATE_MESSAGES.delegatorOwn(name),
      'delegator-acted': DELEGATE_MESSAGES.delegatorActed(name),
    };
    return { refusal: forbidden(why[acting.refusal]) };
  }
  const first = firstPendingReview(steps);
  if (first && first.id !== step.id) return { refusal: forbidden(words.awaitsFirst(first.reviewer_role)) };
  return acting;
}

/** The capacity a decision grants, noted against the access rule; a refusal is thrown as it is. */
export function grantedCapacity(caller: UserRow, rule: AccessRule, decision: StepDecision): Capacity {
  if (!allows(caller, rule, 'capacity' in decision)) throw (decision as { refusal: AppError }).refusal;
  return (decision as { capacity: Capacity }).capacity;
}

/** What acting on a step writes on it: the decision, who acted and for whom, the comment and when. */
export function actedBy<S extends string>(caller: UserRow, capacity: Capacity, status: S, comments: string, at: string) {
  const behalf = capacity.onBehalfOf;
  return {
    status,
    reviewer_id: caller.id,
    reviewer_name: caller.fullname,
    reviewer_title: caller.role,
    on_behalf_of_id: behalf?.id ?? null,
    on_behalf_of_name: behalf?.fullname ?? null,
    comments,
    acted_at: at,
  };
}
