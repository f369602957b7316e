// Attaching, listing, previewing and saving files (@imprest/ui/files): a shared module of its own,
// loaded with the section code that imports it (@imprest/ui/forms says why). FileUpload's progress
// bar brings its recipe to the one design system as this module loads.
import { progressSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../system';

addRecipes({ slotRecipes: { progress: progressSlotRecipe } });

export { FileUpload, type FileUploadProps, type Uploader } from '../widgets/FileUpload';
export { FilePreview, PREVIEW_TEXT, PREVIEW_ANIMATION_MS, type FilePreviewProps } from '../widgets/FilePreview';
export { AttachmentList, type AttachmentListProps } from '../widgets/AttachmentList';
export { saveBlob } from './save-blob';
