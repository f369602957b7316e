// The input widgets no record page shows as it first paints (@imprest/ui/inputs): the switch (a
// setting's) and FileUpload (a form's attachments), with their zag machines and the progress bar.
// A shared module of its own, so a request's detail and a retirement load @imprest/ui/forms and
// /files without them (@imprest/ui/forms says why the modules are apart). Their recipes join the
// one design system as this module loads.
import { progressSlotRecipe, switchSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../system';

addRecipes({ slotRecipes: { progress: progressSlotRecipe, switch: switchSlotRecipe } });

export { Switch } from '@chakra-ui/react';
export { FileUpload, type FileUploadProps, type Uploader } from '../widgets/FileUpload';
