import { fileKindOf } from '@teamline/contract';
import { useTranslation } from 'react-i18next';

const look = {
  doc: { label: 'DOC', color: '#1d4ed8' },
  xls: { label: 'XLS', color: '#047857' },
  ppt: { label: 'PPT', color: '#c2410c' },
  pdf: { label: 'PDF', color: '#b91c1c' },
  other: { label: 'FILE', color: '#4b5563' },
} as const;

/** docs/product/i18n-and-modes.md#widgets: file-type icons chosen by extension (doc/docx, xls/xlsx, ppt/pptx, pdf, other). */
export function FileTypeIcon({ fileName, size = 32 }: { fileName: string; size?: number }) {
  const { t } = useTranslation();
  const kind = fileKindOf(fileName);
  const { label, color } = look[kind];
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      role="img"
      aria-label={t(`ui.fileKinds.${kind}`)}
      data-kind={kind}
    >
      <path d="M6 2h14l6 6v22H6z" fill="#fff" stroke={color} strokeWidth="1.5" />
      <rect x="3" y="15" width="22" height="10" rx="2" fill={color} />
      <text
        x="14"
        y="22.5"
        textAnchor="middle"
        fontSize="7"
        fontWeight="700"
        fill="#fff"
        fontFamily="system-ui, sans-serif"
      >
        {label}
      </text>
    </svg>
  );
}
