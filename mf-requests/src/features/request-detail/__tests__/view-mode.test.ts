import { canEditRequest, previewMode } from '../view-mode';
import { OWNER_ID, aRequest } from '../../../test/requests';

const owner = { id: OWNER_ID, system_role: 'staff' as const, is_locked: false };
const reviewer = { id: 5, system_role: 'finance_officer' as const, is_locked: false };

describe('previewMode (docs/screens.md)', () => {
  it("is 'admin' for a viewer with admin permission who is not the owner", () => {
    expect(previewMode(reviewer, aRequest(), false)).toBe('admin');
  });

  it("is 'history' for an earlier version, whoever looks at it", () => {
    const earlier = aRequest({ is_latest: false });
    expect(previewMode(reviewer, earlier, false)).toBe('history');
    expect(previewMode(owner, earlier, true)).toBe('history');
  });

  it("is 'edit' once the owner pressed Edit, otherwise 'preview'", () => {
    expect(previewMode(owner, aRequest(), true)).toBe('edit');
    expect(previewMode(owner, aRequest(), false)).toBe('preview');
    expect(previewMode({ ...reviewer, id: OWNER_ID }, aRequest(), false)).toBe('preview');
  });
});

describe('canEditRequest', () => {
  const returned = aRequest({ current_status: 'request_edit' });
  it('lets the owner edit the latest version of a returned request', () => {
    expect(canEditRequest(owner, returned)).toBe(true);
  });
  it('refuses a locked owner, another user, an earlier version and any other status', () => {
    expect(canEditRequest({ ...owner, is_locked: true }, returned)).toBe(false);
    expect(canEditRequest(reviewer, returned)).toBe(false);
    expect(canEditRequest(owner, { ...returned, is_latest: false })).toBe(false);
    expect(canEditRequest(owner, aRequest({ current_status: 'rejected' }))).toBe(false);
  });
});
