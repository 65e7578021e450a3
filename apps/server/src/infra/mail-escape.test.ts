import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDigestMail, renderNoticeMail } from '../features/notification/notification-mail.js';
import { bearer, createProject, createTestApp, latestMail, signUp, type TestApp } from '../test/test-app.js';

/**
 * Issue 30: text that reaches e-mail is inert there. Every value a member typed (a project name, a
 * nickname, a story title) is HTML-escaped in the HTML part, so it is shown as typed and opens no
 * tag or attribute; the plain-text part and the subject carry it as typed.
 */
const hostile = `<script>alert("x")</script> & 'Co' <img src=x onerror=alert(1)>`;
const escaped =
  '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Co&#39; &lt;img src=x onerror=alert(1)&gt;';
const publicUrl = 'https://teamline.example';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('e-mails escape what members wrote', () => {
  it('an invitation from a project named like markup', async () => {
    const admin = await signUp(t, 'mail-escape-admin@example.com');
    const projectIdx = await createProject(t, admin.key, hostile);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/member-in-project/invite',
      headers: bearer(admin.key),
      payload: { projectIdx, email: 'mail-escape-invitee@example.com', role: 'depth2' },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const mail = (await latestMail(t.config, 'mail-escape-invitee@example.com'))!;
    expect(mail.html).toContain(escaped);
    expect(mail.html).not.toMatch(/<script|<img/);
    expect(mail.text).toContain(hostile);
    expect(mail.subject).toContain(hostile);
  });

  it('a notice and the daily digest with a story title like markup', () => {
    const notice = {
      kind: 'storyAssigned',
      params: { story: hostile, project: hostile, actor: hostile },
      link: '/timeline/1?selectedStory=2',
      projectIdx: 1,
    };
    for (const mail of [
      renderNoticeMail(notice, 'en', 'a@example.com', publicUrl),
      renderDigestMail([notice, notice], 'kr', 'a@example.com', publicUrl),
    ]) {
      expect(mail.html).not.toMatch(/<script|<img/);
      if (mail.text.includes(hostile)) expect(mail.html).toContain(escaped);
    }
    // The notice for this kind names the story: it is there, escaped.
    expect(renderNoticeMail(notice, 'en', 'a@example.com', publicUrl).html).toContain(escaped);
  });
});
