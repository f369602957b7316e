import { useNavigate } from 'react-router-dom';
import { SuccessPanel } from '@imprest/ui';
import { AuthCard } from './AuthCard';
import { TEXT } from '../../strings';

export default function SuccessAuthPage() {
  const navigate = useNavigate();
  return (
    <AuthCard>
      <SuccessPanel
        title={TEXT.success.title}
        subtitle={TEXT.success.text}
        actionLabel={TEXT.success.action}
        onAction={() => navigate('/', { replace: true })}
      />
    </AuthCard>
  );
}
