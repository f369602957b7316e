import type { RequestRecord, RetirementStatus } from '@imprest/domain';
import { Box, Flex, Text, chakra } from '@imprest/ui';
import { progressSteps } from './progress-steps';
import { STEP_STYLE } from './step-style';
import { DETAIL_TEXT } from './strings';

/** Received → each reviewer step → Approved (→ Completed); wraps onto more lines on a phone. */
export function ProgressSteps({ request, retirementStatus }: { request: RequestRecord; retirementStatus?: RetirementStatus | null }) {
  const steps = progressSteps(request, retirementStatus);
  return (
    <chakra.ol aria-label={DETAIL_TEXT.progress} display="flex" flexWrap="wrap" gap="2" listStyleType="none" m="0" p="0">
      {steps.map((step, index) => {
        const { palette, Icon } = STEP_STYLE[step.state];
        return (
          <Flex as="li" key={step.key} align="center" gap="2" data-state={step.state}>
            <Flex
              align="center"
              gap="2"
              colorPalette={palette}
              bg="colorPalette.subtle"
              color="colorPalette.fg"
              borderWidth="1px"
              borderColor="colorPalette.muted"
              borderRadius="full"
              px="3"
              py="1.5"
              data-print-box
            >
              <Icon flexShrink={0} />
              <Box lineHeight="short">
                <Text fontSize="sm" fontWeight="semibold">
                  {step.label}
                </Text>
                <Text fontSize="xs">{DETAIL_TEXT.stepStatus[step.state]}</Text>
              </Box>
            </Flex>
            {index < steps.length - 1 && (
              <Text as="span" aria-hidden="true" color="fg.subtle">
                ›
              </Text>
            )}
          </Flex>
        );
      })}
    </chakra.ol>
  );
}
