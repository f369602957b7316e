// What the frame, the home and the lists draw with: the shared module every page after Sign In
// loads. The widgets of forms and record pages are @imprest/ui/forms, the files' @imprest/ui/files,
// each a shared module of its own that a section's code brings when it opens; the standalone
// harness is @imprest/ui/dev, which only a remote's own dev page runs.
export * from './chakra';
export { designSystem } from './system';
export { UiProvider } from './provider';
export * from './icons';
export { ComingSoon } from './widgets/coming-soon';
export { FormAlert } from './widgets/form-alert';
export { DataTable, type Column } from './widgets/DataTable';
export { ScrollRegion } from './widgets/ScrollRegion';
export { Pagination } from './widgets/Pagination';
export { DEFAULT_PAGE_SIZE, lastPage } from './widgets/pagination-items';
export { SearchInput } from './widgets/SearchInput';
export { SelectInput, type Option } from './widgets/SelectInput';
export { ConfirmDialog } from './widgets/ConfirmDialog';
export { SidePanel } from './widgets/SidePanel';
export { ListToolbar, usePaging } from './widgets/ListToolbar';
export { RequestStatusBadge } from './widgets/RequestStatusBadge';
export { FilterNotice, ListFrame, useStatusList } from './widgets/ListFrame';
export { DayCell, MoneyCell, OwnerCell } from './widgets/list-cells';
export { SectionRoutes } from './widgets/SectionRoutes';
