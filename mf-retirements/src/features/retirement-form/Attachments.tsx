import { fetchFileBlob } from '@imprest/api-client';
import { Text } from '@imprest/ui';
import { AttachmentList } from '@imprest/ui/files';
import { TEXT } from '../../strings';

/** The attached documents, each opening in the shared preview. */
export function Attachments({ files }: { files: readonly string[] }) {
  return <AttachmentList files={files} load={fetchFileBlob} empty={<Text color="fg.muted">{TEXT.form.noDocuments}</Text>} />;
}
