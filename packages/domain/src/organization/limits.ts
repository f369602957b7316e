/**
 * Field limits that have no other home in the domain. Like every limit, each is read by the
 * server's schema (so the OpenAPI document and the 400 state it), by the form that offers the
 * field and by the form's message; none is written out anywhere else.
 */

/** What the owner writes to the reviewers when submitting a retirement. */
export const RETIREMENT_COMMENTS_MAX = 2000;
/** Receipts on one retirement (a request's own documents: REQUEST_FILES_MAX). */
export const RETIREMENT_FILES_MAX = 20;
/** The note a delegator leaves for the delegate. */
export const DELEGATION_NOTE_MAX = 500;
/** Requests in one Accept selected. */
export const BULK_ACCEPT_MAX = 100;
/** Days a request may wait at one step before its reviewers are reminded (0: off). */
export const REVIEW_REMINDER_DAYS_MAX = 60;
export const REVIEW_REMINDER_DAYS_PROBLEM = `Reminder days must be a whole number from 0 to ${REVIEW_REMINDER_DAYS_MAX} (0 or empty turns reminders off)`;
