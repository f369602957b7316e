import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { UiProvider } from '../provider';
import { FileUpload, type Uploader } from '../widgets/FileUpload';

interface Call {
  file: File;
  progress: (fraction: number) => void;
  signal: AbortSignal;
  resolve: (key: string) => void;
  reject: (error: Error) => void;
}

/** The injected uploader, driven by the test: each call waits until the test settles it. */
function controlledUploader() {
  const calls: Call[] = [];
  const uploader: Uploader = (file, progress, signal) =>
    new Promise<string>((resolve, reject) => {
      calls.push({ file, progress, signal, resolve, reject });
    });
  return { calls, uploader };
}

function Harness({
  uploader,
  initial = [],
  onKeys,
  multiple,
}: {
  uploader: Uploader;
  initial?: string[];
  onKeys?: (keys: string[]) => void;
  multiple?: boolean;
}) {
  const [keys, setKeys] = useState<string[]>(initial);
  return (
    <UiProvider>
      <FileUpload
        uploader={uploader}
        value={keys}
        multiple={multiple}
        onUploaded={(next) => {
          setKeys(next);
          onKeys?.(next);
        }}
      />
    </UiProvider>
  );
}

const choose = (...files: File[]) => fireEvent.change(screen.getByLabelText('Choose files'), { target: { files } });
const pdf = new File(['%PDF-1.4'], 'scan.pdf', { type: 'application/pdf' });
const png = new File(['png'], 'photo.png', { type: 'image/png' });

describe('FileUpload in upload mode', () => {
  it('uploads each chosen file at once with a progress bar, then shows a removable chip of the stored key', async () => {
    const { calls, uploader } = controlledUploader();
    const onKeys = jest.fn();
    render(<Harness uploader={uploader} onKeys={onKeys} />);
    choose(pdf, png);
    expect(calls.map((c) => c.file.name)).toEqual(['scan.pdf', 'photo.png']);

    act(() => calls[0].progress(0.42));
    const bar = screen.getByRole('progressbar', { name: 'Uploading scan.pdf' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByRole('progressbar', { name: 'Uploading photo.png' })).toHaveAttribute('aria-valuenow', '0');

    await act(async () => calls[0].resolve('abc1234scan.pdf'));
    await act(async () => calls[1].resolve('xyz9876photo.png'));
    expect(onKeys).toHaveBeenLastCalledWith(['abc1234scan.pdf', 'xyz9876photo.png']);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText('scan.pdf')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Remove scan.pdf' }));
    expect(onKeys).toHaveBeenLastCalledWith(['xyz9876photo.png']);
    expect(screen.queryByText('scan.pdf')).not.toBeInTheDocument();
  });

  it('shows a failure with a retry that uploads the file again', async () => {
    const { calls, uploader } = controlledUploader();
    const onKeys = jest.fn();
    render(<Harness uploader={uploader} onKeys={onKeys} />);
    choose(pdf);
    await act(async () => calls[0].reject(new Error('The file store could not be reached. Check your connection.')));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'scan.pdf: upload failed (The file store could not be reached. Check your connection.)',
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(calls).toHaveLength(2);
    expect(calls[1].file).toBe(pdf);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Uploading scan.pdf' })).toBeInTheDocument();
    await act(async () => calls[1].resolve('abc1234scan.pdf'));
    expect(onKeys).toHaveBeenLastCalledWith(['abc1234scan.pdf']);
  });

  it('refuses a wrong type or a too large file before uploading anything', () => {
    const { calls, uploader } = controlledUploader();
    render(
      <UiProvider>
        <FileUpload uploader={uploader} value={[]} onUploaded={() => undefined} maxBytes={4} />
      </UiProvider>,
    );
    choose(new File(['MZ'], 'tool.exe'), new File(['12345'], 'big.pdf'));
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toEqual(['tool.exe: this file type is not accepted', 'big.pdf: larger than 4 B']);
    expect(calls).toHaveLength(0);
  });

  it('cancels an upload when its chip is removed, and shows keys it already holds by display name', async () => {
    const { calls, uploader } = controlledUploader();
    const onKeys = jest.fn();
    render(<Harness uploader={uploader} initial={['k1m2n3preceipt.pdf']} onKeys={onKeys} />);
    expect(screen.getByText('receipt.pdf')).toBeInTheDocument();
    choose(png);
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo.png' }));
    expect(calls[0].signal.aborted).toBe(true);
    await act(async () => calls[0].resolve('xyz9876photo.png'));
    expect(onKeys).not.toHaveBeenCalled();
  });

  it('keeps one file when multiple is off', async () => {
    const { calls, uploader } = controlledUploader();
    const onKeys = jest.fn();
    render(<Harness uploader={uploader} initial={['k1m2n3preceipt.pdf']} onKeys={onKeys} multiple={false} />);
    choose(pdf);
    await act(async () => calls[0].resolve('abc1234scan.pdf'));
    expect(onKeys).toHaveBeenLastCalledWith(['abc1234scan.pdf']);
  });
});
