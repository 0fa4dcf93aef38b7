// File downloads through the API (exports, reports): bearer token, problem+json errors as ApiError, and the file
// name from Content-Disposition when the server gives one.
import { ApiError } from './api';
import { REQUEST_TIMEOUT_MS } from './constants';
import { readToken } from './token';

export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() ?? null;
}

export async function fetchFile(path: string): Promise<{ blob: Blob; fileName: string | null }> {
  const headers: Record<string, string> = {};
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`/api${path}`, { headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    let message = text || res.statusText || `Request failed with status ${res.status}`;
    try {
      const body = JSON.parse(text) as { detail?: string; title?: string };
      message = body.detail ?? body.title ?? message;
    } catch {
      // not JSON
    }
    throw new ApiError(message, { status: res.status });
  }
  return { blob: await res.blob(), fileName: fileNameFromDisposition(res.headers.get('Content-Disposition')) };
}

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads `path` and saves it under the server's file name, else `fallbackName`. */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const { blob, fileName } = await fetchFile(path);
  const name = fileName ?? fallbackName;
  saveBlob(blob, name);
  return name;
}
