/** The request and review records as the API carries them, and the request form's option lists (docs/records.md). */
import type { Static } from '@sinclair/typebox';
import type { RequestRecordSchema, RequestSummarySchema, ReviewSchema } from '../contract/requests';
import type { Currency, PaymentMode, TaxStatus } from '../organization/options';
import type { RequestPurpose } from './request-fields';
import type { ReviewStatus } from './request-status';

/** What a staff member sends to ask for money (POST requests); the server adds owner and department. */
export interface RequestInput {
  purpose: RequestPurpose;
  mode_of_service: string;
  /** The supplier: 'Name of Transporter' for travel. */
  name_of_establishment: string;
  /** YYYY-MM-DD, not before today. */
  expenditure_date: string;
  expenditure_justification: string;
  /** Major units, at most two decimals. */
  amount_requested: number;
  amount_currency: Currency;
  /** The full four-digit budget code. */
  budget_code: number;
  payment_mode: PaymentMode;
  tax_status: TaxStatus;
  /** Stored file keys (files issue); [] when none. */
  file_paths: string[];
}

/** A resubmission after a return for edits (POST requests/request/request-edit). */
export interface RequestEditInput extends RequestInput {
  /** The id of the version that was returned. */
  parent_request: number;
}

/** One step of the chain (ReviewSchema in the contract). */
export type Review = Static<typeof ReviewSchema>;

/** A stored version: what was asked (RequestInput) and what the server knows of it (RequestRecordSchema in the contract). */
export type RequestRecord = Static<typeof RequestRecordSchema>;

/** GET requests/request/{id}: the request and every other version of it, newest first. */
export interface RequestDetail extends RequestRecord {
  version_history: RequestRecord[];
}

/** GET requests/summary/{id} (the dashboard summary). */
export type RequestSummary = Static<typeof RequestSummarySchema>;

/** PUT reviews: the acting reviewer comes from the session, never from the body. */
export interface ReviewInput {
  request_id: number;
  review_id: number;
  status: Exclude<ReviewStatus, 'pending'>;
  comments: string;
}

/** Status filter of the requests list (docs/product-rules.md §Limits; 'all' is a filter only). */
export const REQUEST_STATUS_FILTERS = ['all', 'pending', 'on_progress', 'approved', 'rejected', 'request_edit'] as const;
export type RequestStatusFilter = (typeof REQUEST_STATUS_FILTERS)[number];
