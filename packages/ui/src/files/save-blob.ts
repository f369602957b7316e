/** Hands a downloaded file to the browser to save under the given name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // revoked after the click has been handled, or some browsers cancel the download
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
