// Reads a chosen file's first rows in a fresh Web Worker (see preview-worker.ts), closed after the one file.
import type { Preview, PreviewRequest, PreviewResponse } from './preview';

/** Reading a preview gives up after this long; the upload itself is still possible. */
const PREVIEW_TIMEOUT_MS = 15_000;

export async function previewFile(file: File, required: readonly string[]): Promise<Preview> {
  const buffer = await file.arrayBuffer();
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./preview-worker.ts', import.meta.url), { type: 'module', name: 'upload-preview' });
    const done = () => {
      window.clearTimeout(timer);
      worker.terminate();
    };
    const timer = window.setTimeout(() => {
      done();
      reject(new Error('The preview took too long.'));
    }, PREVIEW_TIMEOUT_MS);
    worker.onmessage = (event: MessageEvent<PreviewResponse>) => {
      done();
      if (event.data.ok) resolve(event.data.preview);
      else reject(new Error('The file could not be read.'));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      done();
      reject(new Error('The file could not be read.'));
    };
    const request: PreviewRequest = { buffer, name: file.name, required };
    worker.postMessage(request, [buffer]);
  });
}
