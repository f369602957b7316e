/** The request and review records as the API carries them, and the request form's option lists (SPEC §3). */
import type { Currency, PaymentMode, TaxStatus } from './options';
import type { RequestStatus, ReviewStatus } from './request-status';
import type { SystemRole } from './roles';

/** Purposes of expenditure and the modes each offers (SPEC §3 "Request categories"). */
export const REQUEST_PURPOSES = {
  travel: ['publicTransport', 'companyTransport', 'selfDrive', 'airTransport'],
  accomodation: ['hotel', 'hostel', 'camp', 'other'],
  meals: ['catering', 'grocery', 'other'],
  pettyCash: ['other'],
  kits: ['product', 'support', 'other'],
  risingSteamStars: ['other'],
  stemPark: ['hq', 'stemPark', 'darStemPark', 'other'],
  procurement: ['goods', 'services'],
  other: ['other'],
  mastercard: ['mastercard', 'other'],
} as const satisfies Record<string, readonly string[]>;
export type RequestPurpose = keyof typeof REQUEST_PURPOSES;

export function isRequestPurpose(value: unknown): value is RequestPurpose {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(REQUEST_PURPOSES, value);
}

export function isModeOf(purpose: RequestPurpose, mode: unknown): boolean {
  return typeof mode === 'string' && (REQUEST_PURPOSES[purpose] as readonly string[]).includes(mode);
}

/** Longest supplier name and justification a request may carry. */
export const REQUEST_SUPPLIER_MAX = 200;
export const REQUEST_JUSTIFICATION_MAX = 2000;

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

export interface Review {
  id: number;
  request_id: number;
  /** 0-based place in the chain. */
  position: number;
  /** The role the step belongs to; any holder may act while it is the first pending step. */
  reviewer_role: SystemRole;
  status: ReviewStatus;
  reviewer_id: number | null;
  reviewer_name: string | null;
  /** The acting reviewer's position (job title) when acted. */
  reviewer_title: string | null;
  /** Empty until the reviewer acted. */
  comments: string;
  /** The request owner (SPEC §3 Review.user_id). */
  user_id: number;
  /** True when this step returned the request for edits. */
  is_edit: boolean;
  /** True once the step was acted on. */
  is_complete: boolean;
  acted_at: string | null;
}

/** A stored version: what was asked (RequestInput) and what the server knows of it. */
export interface RequestRecord extends RequestInput {
  id: number;
  department: string;
  budget_name: string;
  request_owner_id: number;
  request_owner_name: string;
  parent_request: number | null;
  /** 1 for the first submission, +1 per resubmission. */
  version: number;
  /** False for a version superseded by a resubmission (read-only). */
  is_latest: boolean;
  current_status: RequestStatus;
  /** The role whose holders can act now; null when nobody can. */
  next_reviewer_role: SystemRole | null;
  /** The approval-matrix band the chain came from ('A', 'B', …). */
  band: string;
  approval_number: string | null;
  approved_at: string | null;
  current_retirement: number | null;
  reviews: Review[];
  created_at: string;
  modified_at: string;
}

/** GET requests/request/{id}: the request and every other version of it, newest first. */
export interface RequestDetail extends RequestRecord {
  version_history: RequestRecord[];
}

/** GET requests/summary/{id} (SPEC §3 "Dashboard summary"). */
export interface RequestSummary {
  pending: number;
  approved: number;
  rejected: number;
  pending_retirement: number;
}

/** PUT reviews: the acting reviewer comes from the session, never from the body. */
export interface ReviewInput {
  request_id: number;
  review_id: number;
  status: Exclude<ReviewStatus, 'pending'>;
  comments: string;
}

/** Status filter of the requests list (SPEC §9; 'all' is a filter only). */
export const REQUEST_STATUS_FILTERS = ['all', 'pending', 'on_progress', 'approved', 'rejected', 'request_edit'] as const;
export type RequestStatusFilter = (typeof REQUEST_STATUS_FILTERS)[number];
