import { useParams } from '@imprest/router';
import { Text } from '@imprest/ui';

/** /dashboard/requests/:id and /dashboard/view-request/:id — the request detail page (being built, issue 5). */
export default function RequestDetailPage() {
  const { id } = useParams();
  return <Text>Request {id}</Text>;
}
