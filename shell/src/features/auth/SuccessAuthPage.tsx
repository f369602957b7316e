import { useNavigate } from '@imprest/router';
import { AuthCard } from './AuthCard';
import { Button } from '../light-ui/components';
import { TEXT } from '../../strings';

export default function SuccessAuthPage() {
  const navigate = useNavigate();
  return (
    <AuthCard>
      <div className="imp-success">
        <div className="imp-tick" aria-hidden="true">
          ✓
        </div>
        <h1>{TEXT.success.title}</h1>
        <p className="imp-muted">{TEXT.success.text}</p>
        <Button type="button" onClick={() => navigate('/', { replace: true })}>
          {TEXT.success.action}
        </Button>
      </div>
    </AuthCard>
  );
}
