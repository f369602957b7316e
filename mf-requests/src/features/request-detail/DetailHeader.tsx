import { useNavigate } from '@imprest/router';
import { Button, Flex, Heading } from '@imprest/ui';
import { PATHS } from '../../paths';
import { DETAIL_TEXT } from './strings';

/** The title and See Approval Matrix, Print and Back (docs/screens.md). */
export function DetailHeader({ purpose }: { purpose: string }) {
  const navigate = useNavigate();
  return (
    <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
      <Heading as="h2" size={{ base: 'lg', md: 'xl' }} minW="0" overflowWrap="anywhere">
        {DETAIL_TEXT.title(purpose)}
      </Heading>
      <Flex gap="2" wrap="wrap" data-print-hide>
        <Button variant="outline" size="sm" onClick={() => navigate(PATHS.approvalMatrix)}>
          {DETAIL_TEXT.seeMatrix}
        </Button>
        <Button variant="outline" size="sm" onClick={() => window.print()}>
          {DETAIL_TEXT.print}
        </Button>
        <Button variant="outline" size="sm" onClick={() => navigate(-1)}>
          {DETAIL_TEXT.back}
        </Button>
      </Flex>
    </Flex>
  );
}
