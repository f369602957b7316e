// Listing, previewing and saving files (@imprest/ui/files): a shared module of its own, loaded with
// the section code that imports it (@imprest/ui/forms says why). Attaching them (FileUpload) is
// @imprest/ui/inputs', which a record page does not show as it first paints.
export { FilePreview, PREVIEW_TEXT, PREVIEW_ANIMATION_MS, type FilePreviewProps } from '../widgets/FilePreview';
export { AttachmentList, type AttachmentListProps } from '../widgets/AttachmentList';
export { saveBlob } from './save-blob';
