/**
 * docs/product/i18n-and-modes.md#images: the longer side is scaled down to its limit, keeping the aspect ratio;
 * an image already within both limits keeps its size.
 */
export function resizeDimensions(
  width: number,
  height: number,
  maxWidth: number,
  maxHeight: number,
): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/** Quality is given in percent and divided by 100 for the canvas encoder. */
export const qualityFraction = (percent: number): number => Math.min(1, Math.max(0, percent / 100));

export const fileKindOf = (fileName: string): 'doc' | 'xls' | 'ppt' | 'pdf' | 'other' => {
  const ext = fileName.split('.').pop()?.toLowerCase() ?? '';
  if (ext === 'doc' || ext === 'docx') return 'doc';
  if (ext === 'xls' || ext === 'xlsx') return 'xls';
  if (ext === 'ppt' || ext === 'pptx') return 'ppt';
  if (ext === 'pdf') return 'pdf';
  return 'other';
};
