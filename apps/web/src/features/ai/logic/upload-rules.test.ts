import { describe, expect, it } from 'vitest';
import { AI_UPLOAD_MAX_BYTES, checkAiUpload } from './upload-rules';

const file = (name: string, size = 1000) => ({ name, size });

describe('AI timeline upload checks (docs/product/documents-and-ai.md#ai-timeline), before anything is sent', () => {
  it('accepts PDF, Word .docx, TXT and CSV in any letter case', () => {
    for (const name of ['plan.pdf', 'plan.docx', 'notes.TXT', 'rows.Csv', 'a.b.pdf']) {
      expect(checkAiUpload(file(name), 4)).toBeNull();
    }
  });

  it('refuses other types by extension, including the old .doc and names without one', () => {
    for (const name of ['plan.doc', 'image.png', 'sheet.xlsx', 'README', 'pdf', 'plan.pdf.exe']) {
      expect(checkAiUpload(file(name), 4)).toBe('AI_FILE_TYPE_NOT_ALLOWED');
    }
  });

  it('allows exactly 10 MB and refuses one byte more', () => {
    expect(checkAiUpload(file('plan.pdf', AI_UPLOAD_MAX_BYTES), 4)).toBeNull();
    expect(checkAiUpload(file('plan.pdf', AI_UPLOAD_MAX_BYTES + 1), 4)).toBe('AI_FILE_TOO_LARGE');
  });

  it('refuses an empty file', () => {
    expect(checkAiUpload(file('plan.txt', 0), 4)).toBe('AI_FILE_EMPTY');
  });

  it('needs a project first', () => {
    expect(checkAiUpload(file('plan.pdf'), null)).toBe('noProject');
    expect(checkAiUpload(file('plan.pdf'), Number.NaN)).toBe('noProject');
    expect(checkAiUpload(file('plan.pdf'), 0)).toBe('noProject');
  });
});
