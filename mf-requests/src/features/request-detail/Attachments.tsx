import { fetchFileBlob } from '@imprest/api-client';
import { Text } from '@imprest/ui';
import { AttachmentList } from '@imprest/ui/files';
import { DETAIL_TEXT } from './strings';

/** The supporting documents of a version, each opening in the shared preview. */
export function Attachments({ files }: { files: readonly string[] }) {
  return <AttachmentList files={files} load={fetchFileBlob} empty={<Text>{DETAIL_TEXT.facts.noAttachments}</Text>} />;
}
