/**
 * Text put into HTML (the e-mails' HTML part): `&`, `<`, `>` and both quotes as entities, so a
 * nickname, project or story title is shown as typed and can open no tag or attribute.
 */
export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
