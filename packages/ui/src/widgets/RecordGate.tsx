import { useNavigate } from '@imprest/router';
import { Button, Stack } from '../chakra';
import { FormAlert } from './form-alert';
import { PageLoading } from './SectionRoutes';

/** The words of a one-record page while it has no record to show (each section keeps its own strings). */
export interface RecordGateText {
  notFound: string;
  loading: string;
  goBack: string;
}

export interface RecordGateProps {
  /** There is no such record: the address's id is not one, or the server answered 404. */
  missing: boolean;
  /** Why loading the record failed (the page words its API's error), or null while it has not. */
  failure: string | null;
  /** Nothing saved on this device and waiting for the connection: the shell's offline notice says so. */
  offline: boolean;
  text: RecordGateText;
  /** Where "Go back" leads: the section's list. */
  backTo: string;
}

function RecordProblem({ message, goBack, backTo }: { message: string; goBack: string; backTo: string }) {
  const navigate = useNavigate();
  return (
    <Stack gap="4" align="flex-start">
      <FormAlert status="error">{message}</FormAlert>
      <Button variant="outline" onClick={() => navigate(backTo)}>
        {goBack}
      </Button>
    </Stack>
  );
}

/**
 * What a one-record page (a request, a retirement) shows instead of its record: not found, the
 * load's error, nothing while offline, or a spinner — in that order, so a 404 wins over stale data.
 */
export function RecordGate({ missing, failure, offline, text, backTo }: RecordGateProps) {
  if (missing) return <RecordProblem message={text.notFound} goBack={text.goBack} backTo={backTo} />;
  if (failure !== null) return <RecordProblem message={failure} goBack={text.goBack} backTo={backTo} />;
  if (offline) return null;
  return <PageLoading label={text.loading} />;
}
