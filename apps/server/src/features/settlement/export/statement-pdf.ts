import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Language } from '@teamline/contract';
import { interpolate } from '@teamline/contract/i18n';

/**
 * Noto Sans KR (SIL Open Font License) from the npm package `@expo-google-fonts/noto-sans-kr`: one
 * TrueType font with Hangul, Latin and every precomposed Vietnamese letter (ạ ế ữ đ …) and ₩, so
 * Korean, English and Vietnamese statements embed a single font (only the glyphs used, subset by
 * pdfkit). Read once per process, on the first statement.
 */
const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf',
} as const;

let fonts: { regular: Buffer; bold: Buffer } | undefined;
export function loadFonts(): { regular: Buffer; bold: Buffer } {
  if (!fonts) {
    const require = createRequire(import.meta.url);
    fonts = {
      regular: readFileSync(require.resolve(FONT_FILES.regular)),
      bold: readFileSync(require.resolve(FONT_FILES.bold)),
    };
  }
  return fonts;
}

/** BCP 47 tags for the PDF's `/Lang` (screen readers). */
export const pdfLang: Record<Language, string> = { kr: 'ko', en: 'en', vi: 'vi' };

/** The page geometry and colours every statement PDF shares (A4, points). */
export const STATEMENT_PDF = { MARGIN: 48, FOOTER: 28, LINE_COLOR: '#c8ccd2', MUTED: '#5b6270' } as const;

/**
 * A statement PDF ready to draw on: A4 with the shared margins and footer room, pages buffered (for
 * "page n of m"), the embedded fonts registered as `body` and `bold`, and the document's title, subject
 * and `/Lang`. `finish(pageLabel)` writes "page n of m" on every page (`pageLabel` has `{{page}}` and
 * `{{pages}}`), ends the document and answers its bytes. pdfkit is loaded on the first statement.
 */
export async function openStatementPdf(info: { lang: Language; title: string; subject: string }) {
  // Loaded on the first export, not at start: most servers rarely print (docs/decisions.md › memory).
  const { default: PDFDocument } = await import('pdfkit');
  const { MARGIN, FOOTER, MUTED } = STATEMENT_PDF;
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + FOOTER, left: MARGIN, right: MARGIN },
    bufferPages: true,
    lang: pdfLang[info.lang],
    displayTitle: true,
    info: { Title: info.title, Subject: info.subject, Producer: 'Teamline', Creator: 'Teamline' },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  function finish(pageLabel: string): Promise<Buffer> {
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      const keep = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc
        .font('body')
        .fontSize(8)
        .fillColor(MUTED)
        .text(
          interpolate(pageLabel, { page: i - range.start + 1, pages: range.count }),
          left,
          doc.page.height - MARGIN - 4,
          { width, align: 'right', lineBreak: false },
        );
      doc.page.margins.bottom = keep;
    }
    doc.flushPages();
    doc.end();
    return done;
  }

  return {
    doc,
    left,
    width,
    bottom: () => doc.page.height - doc.page.margins.bottom,
    finish,
  };
}
