import { useLocation, useNavigate } from '@imprest/router';
import { errorMessage, useSession, useOrganizationTimeZone } from '@imprest/api-client';
import { awaitsConnection, useApprovalMatrix, useExchangeRates } from '@imprest/api-client/query';
import { canChangeExchangeRates, formatDateTime, hasSuperAdminPermission } from '@imprest/domain';
import { Box, Button, FormAlert, HStack, SimpleGrid, Stack, Text } from '@imprest/ui';
import { Loading } from '../../components/Loading';
import { PATHS, type MatrixSavedState } from '../../paths';
import { TEXT } from '../../strings';
import { BandCard } from './BandCard';
import { ExchangeRatesPanel } from './ExchangeRatesPanel';

/** /dashboard/approval-matrix: the bands, who reviews each, the exchange rates; Edit for directors. */
export default function ApprovalMatrixPage() {
  const timeZone = useOrganizationTimeZone();
  const actor = useSession((s) => s.currentUser);
  const navigate = useNavigate();
  const saved = (useLocation().state as MatrixSavedState | null)?.matrixSaved === true;
  const matrix = useApprovalMatrix();
  const rates = useExchangeRates();
  if (!actor) return null;

  const buttons = (
    <HStack gap="3" justify="flex-end">
      <Button variant="outline" onClick={() => navigate(-1)}>
        {TEXT.matrix.back}
      </Button>
      {hasSuperAdminPermission(actor) && (
        <Button colorPalette="teal" onClick={() => navigate(PATHS.approvalObject)}>
          {TEXT.matrix.edit}
        </Button>
      )}
    </HStack>
  );

  let bands;
  if (matrix.data) {
    const { modified_at: at, modified_by_name: who } = matrix.data;
    bands = (
      <Stack gap="3">
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
          {matrix.data.bands.map((band) => (
            <BandCard key={band.user_role} band={band} />
          ))}
        </SimpleGrid>
        <Text color="fg.muted" fontSize="sm">
          {at ? TEXT.matrix.modified(formatDateTime(at, timeZone), who) : TEXT.matrix.defaultMatrix}
        </Text>
      </Stack>
    );
  } else if (matrix.isError) {
    bands = (
      <FormAlert status="error" detail={errorMessage(matrix.error)}>
        {TEXT.matrix.failed}
      </FormAlert>
    );
  } else if (awaitsConnection(matrix)) {
    bands = null; // offline with nothing saved: the shell says so
  } else bands = <Loading label={TEXT.matrix.loading} />;

  return (
    <Stack gap="4">
      {saved && <FormAlert status="success">{TEXT.matrix.saved}</FormAlert>}
      <Box as="section" bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '6' }}>
        <Stack gap="4">
          <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="3">
            <Text color="fg.muted" fontSize="sm" maxW="2xl">
              {TEXT.matrix.intro}
            </Text>
            {buttons}
          </Stack>
          {bands}
        </Stack>
      </Box>
      {rates.data && (
        <ExchangeRatesPanel rates={rates.data.rates} modifiedAt={rates.data.modified_at} canEdit={canChangeExchangeRates(actor)} />
      )}
    </Stack>
  );
}
