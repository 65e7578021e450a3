import { qualityFraction, resizeDimensions } from '@teamline/contract';

/** docs/product/i18n-and-modes.md#images: the resize failure message (Korean in the original product). */
export const IMAGE_RESIZE_ERROR = '이미지 변환에 실패했습니다.';

/**
 * docs/product/i18n-and-modes.md#images: scale the longer side down to its limit keeping the aspect ratio, and
 * re-encode with the given type and quality (percent). Throws when the canvas cannot draw or encode.
 */
export async function resizeImage(
  file: Blob,
  maxWidth: number,
  maxHeight: number,
  type = 'image/jpeg',
  qualityPercent = 85,
): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const { width, height } = resizeDimensions(bitmap.width, bitmap.height, maxWidth, maxHeight);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error(IMAGE_RESIZE_ERROR);
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return new Promise<Blob>((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error(IMAGE_RESIZE_ERROR))),
      type,
      qualityFraction(qualityPercent),
    );
  });
}
