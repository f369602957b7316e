import { render, screen } from '@testing-library/react';
import { UiProvider } from '@imprest/ui';
import { LockedBanner } from '../features/layout/LockedBanner';

// The client knows why from the user's lock_reason (docs/contracts.md: manual | overdue).
describe('the locked-account banner', () => {
  it("keeps SPEC's words for the midnight lock of an overdue retirement", () => {
    render(
      <UiProvider>
        <LockedBanner reason="overdue" />
      </UiProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      "Your account has been locked due to pending retirement. You can not submit new requests or edit exisiting requests. If this isn't correct, contact your finance officer.",
    );
  });

  it("names a finance user's lock as such, without blaming a retirement", () => {
    render(
      <UiProvider>
        <LockedBanner reason="manual" />
      </UiProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your account has been locked by your finance officer. You can not submit new requests or edit existing requests until it is unlocked. Contact your finance officer to learn why or to have it unlocked.',
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent(/retirement/);
  });
});
