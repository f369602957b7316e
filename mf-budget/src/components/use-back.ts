import { useLocation, useNavigate } from '@imprest/router';

/** Back one step, or to `fallback` when the page was opened directly (nothing to go back to). */
export function useBack(fallback: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return () => (location.key === 'default' ? navigate(fallback) : navigate(-1));
}
