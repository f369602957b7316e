import { render, screen } from '@testing-library/react';
import type { LockReason } from '@imprest/domain';
import { UiProvider } from '@imprest/ui';
import { LockedBanner } from '../features/layout/LockedBanner';

// The client knows why from the user's lock_reason (docs/contracts.md: manual | overdue).
describe('the locked-account banner', () => {
  it.each<[string, LockReason, string]>([
    [
      "SPEC's words for the midnight lock of an overdue retirement",
      'overdue',
      "Your account has been locked due to pending retirement. You can not submit new requests or edit exisiting requests. If this isn't correct, contact your finance officer.",
    ],
    [
      "a finance user's lock named as such, without blaming a retirement",
      'manual',
      'Your account has been locked by your finance officer. You can not submit new requests or edit existing requests until it is unlocked. Contact your finance officer to learn why or to have it unlocked.',
    ],
  ])('shows %s', (_, reason, text) => {
    render(
      <UiProvider>
        <LockedBanner reason={reason} />
      </UiProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(text);
  });
});
