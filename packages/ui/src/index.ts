export * from './chakra';
export { designSystem, BRAND } from './system';
export { UiProvider } from './provider';
export * from './icons';
export { ComingSoon } from './widgets/coming-soon';
export { FormAlert } from './widgets/form-alert';
export { SuccessPanel } from './widgets/success-panel';
export { DataTable, type Column } from './widgets/DataTable';
export { ScrollRegion } from './widgets/ScrollRegion';
export { Pagination } from './widgets/Pagination';
export { PAGE_SIZES, DEFAULT_PAGE_SIZE, clampPage, lastPage, pageItems } from './widgets/pagination-items';
export { SearchInput, SEARCH_DEBOUNCE_MS } from './widgets/SearchInput';
export { SelectInput, type Option } from './widgets/SelectInput';
export { ConfirmDialog } from './widgets/ConfirmDialog';
export { SidePanel } from './widgets/SidePanel';
export { FormField } from './widgets/FormField';
export { ListToolbar, usePaging } from './widgets/ListToolbar';
export { AmountInput } from './widgets/AmountInput';
export { FileUpload } from './widgets/FileUpload';
export { runStandalone } from './dev/run-standalone';
export { saveBlob } from './files/save-blob';
export type { FileUploadProps, Uploader } from './widgets/FileUpload';
export { FilePreview, PREVIEW_TEXT, PREVIEW_ANIMATION_MS, type FilePreviewProps } from './widgets/FilePreview';
export { HistorySection, HISTORY_TEXT, type HistorySectionProps } from './widgets/HistorySection';
export { Fact } from './widgets/Fact';
export { AttachmentList, type AttachmentListProps } from './widgets/AttachmentList';
export { DateField, DATE_FIELD_TEXT } from './widgets/DateField';
export { ReviewStepPanel, ReviewSteps, type ReviewStepPanelProps } from './widgets/ReviewStepPanel';
export { RequestStatusBadge } from './widgets/RequestStatusBadge';
export {
  DecisionButtons,
  ReviewCommentField,
  useReviewComment,
  type Decision,
  type ReviewCommentFieldProps,
} from './widgets/ReviewComment';
export { FilterNotice, ListFrame, useStatusList, type ListFrameProps, type ListQuery, type ListToolbarProps } from './widgets/ListFrame';
export { DayCell, MoneyCell, OwnerCell } from './widgets/list-cells';
export { PageLoading, SectionRoutes, type SectionRoutesProps } from './widgets/SectionRoutes';
export { RecordGate, type RecordGateProps, type RecordGateText } from './widgets/RecordGate';
export { FormActions, type FormActionsProps } from './widgets/FormActions';
export { MovementFields } from './widgets/MovementFields';
