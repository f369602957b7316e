import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import JSZip from 'jszip';
import { UiProvider } from '../provider';
import { FilePreview, PREVIEW_ANIMATION_MS } from '../widgets/FilePreview';

// jsdom has neither blob URLs nor the modal methods of <dialog>
let urls: Blob[] = [];
beforeAll(() => {
  URL.createObjectURL = jest.fn((blob: Blob) => {
    urls.push(blob);
    return `blob:preview/${urls.length}`;
  });
  URL.revokeObjectURL = jest.fn();
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
beforeEach(() => {
  urls = [];
});

const show = (fileKey: string | null, load: (key: string) => Promise<Blob>, onClose = jest.fn()) =>
  render(
    <UiProvider>
      <FilePreview fileKey={fileKey} load={load} onClose={onClose} onError={() => undefined} />
    </UiProvider>,
  );

const blobLoader = (blob: Blob) => jest.fn(() => Promise.resolve(blob));

describe('FilePreview', () => {
  it('says the file is loading, then shows an image from a blob URL under its display name', async () => {
    let resolve: (blob: Blob) => void = () => undefined;
    const load = jest.fn(() => new Promise<Blob>((r) => (resolve = r)));
    show('abc1234photo.png', load);
    expect(load).toHaveBeenCalledWith('abc1234photo.png');
    expect(screen.getByText('File is loading...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'photo.png' })).toBeInTheDocument();
    await act(async () => resolve(new Blob(['png'])));
    const image = screen.getByRole('img', { name: 'photo.png' });
    expect(image).toHaveAttribute('src', expect.stringMatching(/^blob:preview\//));
    expect(urls[0].type).toBe('image/png');
    expect(screen.queryByText('File is loading...')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('download', 'photo.png');
  });

  it('embeds a PDF in a 600 px frame typed application/pdf, whatever type the store answered', async () => {
    show('abc1234scan.pdf', blobLoader(new Blob(['%PDF-1.4'], { type: 'application/octet-stream' })));
    const frame = await screen.findByTitle('scan.pdf');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', expect.stringMatching(/^blob:preview\//));
    expect(getComputedStyle(frame).height).toBe('600px');
    expect(urls.some((blob) => blob.type === 'application/pdf')).toBe(true);
  });

  it('offers office documents for download, as no external viewer can reach an intranet file', async () => {
    show('abc1234budget.xlsx', blobLoader(new Blob(['xlsx'])));
    expect(await screen.findByText('Office documents cannot be previewed here. Download the file to open it.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('href', expect.stringMatching(/^blob:/)));
    expect(screen.queryByTitle('budget.xlsx')).not.toBeInTheDocument();
  });

  it('lists a real ZIP and opens a file from it in the same preview', async () => {
    const zip = new JSZip();
    zip.file('receipts/fuel.pdf', '%PDF-1.4 fuel');
    zip.file('photo.png', 'png');
    zip.file('notes.txt', 'cash');
    const bytes = await zip.generateAsync({ type: 'arraybuffer' });
    show('abc1234receipts.zip', blobLoader(new Blob([bytes])));

    const list = await screen.findByRole('list', { name: 'Files in the archive' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('notes.txt'), expect.stringContaining('photo.png'), expect.stringContaining('receipts/fuel.pdf')]);
    expect(screen.getByRole('button', { name: 'Save receipts/fuel.pdf' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Open receipts/fuel.pdf' }));
    expect(await screen.findByTitle('fuel.pdf')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'fuel.pdf' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('download', 'fuel.pdf'));

    fireEvent.click(screen.getByRole('button', { name: 'Back to receipts.zip' }));
    expect(await screen.findByRole('list', { name: 'Files in the archive' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Open notes.txt' }));
    expect(screen.getByText('File extension not supported')).toBeInTheDocument();
  });

  it("says 'Failed to load content' for a file that is not a ZIP after all", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    show('abc1234broken.zip', blobLoader(new Blob(['not a zip'])));
    expect(await screen.findByText('Failed to load content')).toBeInTheDocument();
    jest.mocked(console.error).mockRestore();
  });

  it("says 'File not found!' on a 404 and 'Failed to load content' on any other failure", async () => {
    const { unmount } = show('abc1234gone.pdf', () => Promise.reject(Object.assign(new Error('File not found'), { status: 404 })));
    expect(await screen.findByText('File not found!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download' })).toBeInTheDocument();
    unmount();
    show('abc1234scan.pdf', () => Promise.reject(Object.assign(new Error('Server error'), { status: 500 })));
    expect(await screen.findByText('Failed to load content')).toBeInTheDocument();
  });

  it("says 'File extension not supported' for a type it cannot classify", () => {
    const load = jest.fn(() => Promise.resolve(new Blob(['a,b'])));
    show('abc1234people.csv', load);
    expect(screen.getByText('File extension not supported')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download' })).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it('closes with Escape after the 300 ms animation', async () => {
    jest.useFakeTimers();
    try {
      const onClose = jest.fn();
      const { rerender, container } = show('abc1234photo.png', blobLoader(new Blob(['png'])), onClose);
      const dialog = container.ownerDocument.querySelector('dialog')!;
      expect(dialog).toHaveAttribute('open');
      fireEvent.keyDown(dialog, { key: 'Escape' });
      expect(onClose).toHaveBeenCalledTimes(1);

      rerender(
        <UiProvider>
          <FilePreview fileKey={null} load={blobLoader(new Blob())} onClose={onClose} />
        </UiProvider>,
      );
      expect(dialog).toHaveAttribute('data-closing');
      expect(screen.getByRole('heading', { name: 'photo.png' })).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(PREVIEW_ANIMATION_MS));
      expect(dialog).not.toHaveAttribute('open');
      expect(screen.queryByRole('heading', { name: 'photo.png' })).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
