import type { Page } from '@playwright/test';

/**
 * What is wrong with the page's layout on a narrow screen, as sentences (empty when it fits):
 * - the document is wider than the viewport (the page scrolls sideways);
 * - a visible button, link or field lies (partly) outside the screen with no scrolling container
 *   to bring it in (a clipped close button);
 * - a visible button, link or field is covered by another one (the project picker over the bell):
 *   found by asking the browser what is on top at a 3×3 grid of points inside each element, within
 *   one layer (the header, a panel, a dialog, the page);
 * - the page has not exactly one h1, or a text or control lies over its text.
 * The page is walked one screen at a time (at most `screens`), so a problem lower down counts too.
 */
export async function layoutProblems(page: Page, screens = 4): Promise<string[]> {
  return page.evaluate(async (maxScreens) => {
    const problems = new Set<string>();
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="menuitem"], [role="checkbox"]';
    const describe = (el: Element) => {
      const label =
        el.getAttribute('aria-label') ??
        (el as HTMLElement).innerText?.trim().slice(0, 30) ??
        el.getAttribute('placeholder') ??
        '';
      const test = el.getAttribute('data-testid');
      return `<${el.tagName.toLowerCase()}${test ? ` ${test}` : ''}> "${label.replace(/\s+/g, ' ')}"`;
    };
    const interactiveOf = (el: Element | null) => el?.closest(selector) ?? null;
    const scrollsSideways = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        if ((style.overflowX === 'auto' || style.overflowX === 'scroll') && a.scrollWidth > a.clientWidth)
          return true;
      }
      return false;
    };

    // The part of the screen an element can show in: its clipping (overflow) ancestors' boxes.
    const clipOf = (el: Element) => {
      let [left, top, right, bottom] = [0, 0, window.innerWidth, window.innerHeight];
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const r = a.getBoundingClientRect();
        [left, top, right, bottom] = [
          Math.max(left, r.left),
          Math.max(top, r.top),
          Math.min(right, r.right),
          Math.min(bottom, r.bottom),
        ];
      }
      return { left, top, right, bottom };
    };

    // The layer an element scrolls with: its nearest fixed or sticky ancestor (the header, a side
    // panel, a dialog), or the page. Content scrolling under a fixed bar, or a panel or dialog over
    // the page, is by design; two controls of the same layer on top of each other are not.
    const layerOf = (el: Element) => {
      for (let a: Element | null = el; a; a = a.parentElement) {
        const position = getComputedStyle(a).position;
        if (position === 'fixed' || position === 'sticky') return a;
      }
      return document.body;
    };

    const width = window.innerWidth;
    const height = window.innerHeight;
    const docWidth = document.documentElement.scrollWidth;
    if (docWidth > width) {
      // Names the widest elements that cause it (the deepest that reach past the screen's edge).
      const wide = Array.from(document.body.querySelectorAll('*')).filter((el) => {
        const r = el.getBoundingClientRect();
        return r.right > width + 1 && r.width > 0 && !el.closest('[inert]') && !scrollsSideways(el);
      });
      const culprits = wide
        .filter((el) => !wide.some((other) => other !== el && el.contains(other)))
        .slice(0, 3)
        .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]}`);
      problems.add(`the page is ${docWidth} px wide on a ${width} px screen (${culprits.join(', ')})`);
    }
    const h1s = document.querySelectorAll('h1').length;
    if (h1s !== 1) problems.add(`${h1s} h1 elements (one expected)`);

    // The page's title is read, not clicked, so the grid below does not look at it: its text must not
    // share pixels with a text or control of its layer (the visitor's "not signed in" over "Hướng dẫn").
    // The part of an element's text that shows: cut by its own box when it clips (a title ending in
    // an ellipsis) and by its clipping ancestors.
    const textBox = (el: Element) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const text = range.getBoundingClientRect();
      const own = getComputedStyle(el).overflowX === 'visible' ? text : el.getBoundingClientRect();
      const clip = clipOf(el);
      const left = Math.max(text.left, own.left, clip.left);
      const top = Math.max(text.top, own.top, clip.top);
      const right = Math.min(text.right, own.right, clip.right);
      const bottom = Math.min(text.bottom, own.bottom, clip.bottom);
      return { left, top, right, bottom, width: right - left, height: bottom - top };
    };
    const h1 = document.querySelector('h1');
    if (h1 && h1.checkVisibility() && textBox(h1).width >= 4) {
      const title = textBox(h1);
      const layer = layerOf(h1);
      for (const el of Array.from(layer.querySelectorAll('*'))) {
        if (el.contains(h1) || h1.contains(el) || layerOf(el) !== layer) continue;
        const ownText = Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent!.trim());
        if (!ownText && !el.matches(selector)) continue;
        if (!(el as HTMLElement).checkVisibility({ opacityProperty: true, visibilityProperty: true }))
          continue;
        const box = el.matches(selector) ? el.getBoundingClientRect() : textBox(el);
        if (box.width < 4 || box.height < 4) continue;
        const overlapX = Math.min(box.right, title.right) - Math.max(box.left, title.left);
        const overlapY = Math.min(box.bottom, title.bottom) - Math.max(box.top, title.top);
        if (overlapX > 1 && overlapY > 1)
          problems.add(`${describe(el)} covers the title "${h1.textContent}"`);
      }
    }

    const start = window.scrollY;
    const total = Math.min(maxScreens, Math.ceil(document.documentElement.scrollHeight / height));
    for (let screen = 0; screen < Math.max(total, 1); screen += 1) {
      window.scrollTo(0, screen * height);
      await new Promise((r) => requestAnimationFrame(() => r(null)));
      for (const el of Array.from(document.querySelectorAll(selector))) {
        const html = el as HTMLElement;
        if (!html.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        if (el.closest('[inert]')) continue; // a closed drawer, off-screen on purpose
        const rect = el.getBoundingClientRect();
        if (rect.width < 4 || rect.height < 4) continue; // visually hidden
        if (rect.bottom <= 0 || rect.top >= height) continue;
        if ((rect.right > width + 1 || rect.left < -1) && !scrollsSideways(el))
          problems.add(
            `${describe(el)} is outside the screen (x ${Math.round(rect.left)}–${Math.round(rect.right)})`,
          );
        const clip = clipOf(el);
        const inset = Math.min(3, rect.width / 4, rect.height / 4);
        for (const fx of [0, 0.5, 1])
          for (const fy of [0, 0.5, 1]) {
            const x = rect.left + inset + fx * (rect.width - 2 * inset);
            const y = rect.top + inset + fy * (rect.height - 2 * inset);
            if (x < clip.left || y < clip.top || x >= clip.right || y >= clip.bottom) continue;
            const hit = interactiveOf(document.elementFromPoint(x, y));
            if (!hit || hit === el || hit.contains(el) || el.contains(hit)) continue;
            if (layerOf(hit) !== layerOf(el)) continue;
            problems.add(`${describe(hit)} covers ${describe(el)}`);
          }
      }
    }
    window.scrollTo(0, start);
    return [...problems];
  }, screens);
}
