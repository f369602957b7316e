import { budgetCodeLabel, formatAmount, type Retirement } from '@imprest/domain';
import { Box, SimpleGrid, Text } from '@imprest/ui';
import { Fact } from '@imprest/ui/forms';
import { TEXT } from '../../strings';
import { Attachments } from './Attachments';
import { ExcessNotice } from './ExcessNotice';

const { form: text } = TEXT;

/**
 * Who accounts for what: the name, the amount received and the Cost Code (the request's budget
 * code). Outside edit mode also what was submitted: Total Amount Spent, the comments for the
 * reviewer and the attached documents, and any spending above the advance, before a reviewer acts.
 */
export function RetirementFacts({ retirement: r, submitted }: { retirement: Retirement; submitted: boolean }) {
  const currency = r.request.amount_currency;
  return (
    <Box as="section" aria-label={text.title} bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '6' }}>
      <SimpleGrid as="dl" columns={{ base: 1, sm: 2 }} columnGap="4" rowGap="4" m="0">
        <Fact label={text.fields.name}>{r.retirement_owner_name}</Fact>
        <Fact label={text.fields.costCode}>{budgetCodeLabel(r.request.budget_code, r.request.budget_name)}</Fact>
        <Fact label={text.fields.received}>{formatAmount(r.request.amount_requested, currency)}</Fact>
        {submitted && (
          <>
            <Fact label={text.fields.spent}>
              {r.amount_spent === null ? TEXT.notSubmitted : formatAmount(r.amount_spent, r.amount_currency)}
            </Fact>
            <Fact label={text.fields.comments} wide>
              {r.comments ? (
                r.comments
              ) : (
                <Text as="span" color="fg.muted" fontWeight="normal">
                  {text.noComments}
                </Text>
              )}
            </Fact>
            <Fact label={text.fields.documents} wide>
              <Attachments files={r.file_paths} />
            </Fact>
          </>
        )}
      </SimpleGrid>
      {submitted && (
        <Box mt="4">
          <ExcessNotice
            advance={r.request.amount_requested}
            spent={r.amount_spent}
            currency={currency}
            detail={text.excess.reviewer(r.request.budget_code)}
          />
        </Box>
      )}
    </Box>
  );
}
