import { Navigate, useSearchParams } from '@imprest/router';

/** The page a reset e-mail links to: passes token and email on as navigation state. */
export default function ResetLinkPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  return <Navigate to="/new-password" replace state={{ token, email }} />;
}
