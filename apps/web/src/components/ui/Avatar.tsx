import { AVATAR_DEFAULT_SIZE, DEFAULT_COLOR_CODE } from '@teamline/contract';
import { useEffect, useState } from 'react';
import { initialOf, loadFileUrl } from './avatar-cache';

interface AvatarProps {
  nickname: string | null | undefined;
  fileIdx?: number | null | undefined;
  colorCode?: string | null | undefined;
  size?: number;
  /** An already known image address (a local preview). */
  src?: string | null;
}

/** Readable text colour on a given background (WCAG relative luminance). */
export function textColorOn(hex: string): string {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!m?.[1]) return '#fff';
  const n = parseInt(m[1], 16);
  const lin = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * (lin[0] ?? 0) + 0.7152 * (lin[1] ?? 0) + 0.0722 * (lin[2] ?? 0);
  return luminance > 0.35 ? '#111827' : '#ffffff';
}

/** docs/product/i18n-and-modes.md#widgets: the image from GET /file, else a coloured circle with the first letter, a third of the size. */
export function Avatar({ nickname, fileIdx, colorCode, size = AVATAR_DEFAULT_SIZE, src }: AvatarProps) {
  const [loaded, setLoaded] = useState<{ fileIdx: number; url: string | null } | null>(null);

  useEffect(() => {
    if (!fileIdx || src) return;
    let isActive = true;
    void loadFileUrl(fileIdx).then((url) => {
      if (isActive) setLoaded({ fileIdx, url });
    });
    return () => {
      isActive = false;
    };
  }, [fileIdx, src]);

  const url = src ?? (loaded && loaded.fileIdx === fileIdx ? loaded.url : null);
  const background = colorCode || DEFAULT_COLOR_CODE;
  const style = { width: size, height: size, minWidth: size };
  if (url) {
    return <img className="avatar" src={url} alt="" style={style} width={size} height={size} />;
  }
  return (
    <span
      className="avatar avatar--initial"
      aria-hidden="true"
      style={{ ...style, background, color: textColorOn(background), fontSize: Math.round(size / 3) }}
    >
      {initialOf(nickname)}
    </span>
  );
}
