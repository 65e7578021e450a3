import { describe, expect, it } from 'vitest';
import { routes } from './router';
import { metaByName, routeTable } from './route-meta';

/** docs/product/i18n-and-modes.md#routes route table: path → [header shown, left menu shown]. */
const spec: Record<string, [boolean, boolean]> = {
  '/': [true, true],
  '/guide': [true, true],
  '/home': [true, true],
  '/login': [false, false],
  // Beyond the original route table (docs/product/i18n-and-modes.md#routes): where a mailed one-time sign-in link lands (issue 30).
  '/login/link': [false, false],
  '/oauth/pre': [false, false],
  '/oauth/success': [false, false],
  '/mailform': [false, false],
  '/join': [false, false],
  '/profile': [true, true],
  '/dashboard/:id': [true, true],
  '/document': [true, true],
  '/timeline/:id': [true, true],
  '/find/id': [false, false],
  '/find/password': [false, false],
  '/find/repassword': [false, false],
  '/calculate/expert/:id': [true, true],
  '/calculate/client/:id': [true, true],
  '/permission-denied': [true, true],
  '/no-project': [true, true],
  '/mailauth': [true, true],
  '/verify/email': [false, false],
  '/verify/invite': [false, false],
  '/setting': [true, true],
  '/recruitment': [true, true],
  '/epic/:id': [true, true],
  '/doclist/:id': [true, true],
  '/instruction/new-register': [false, false],
  '/pilot/:id': [true, true],
  '/payment-failure': [false, false],
  '/payment-success': [false, false],
  // Beyond the original route table (docs/product/i18n-and-modes.md#routes): the requests page (docs/product/requests.md#requests), reached from the header.
  '/request/:id': [true, true],
  // Beyond the original route table: the client's spending and budgets (docs/product/spending-and-budgets.md).
  '/spending/:id': [true, true],
  // Beyond the original route table (docs/product/i18n-and-modes.md#routes): a document's public link (docs/product/documents-and-ai.md#documents), without the app around it.
  '/public/document/:token': [false, false],
  // Beyond the original route table: the professional's earnings across projects (docs/product/earnings-and-spending.md#earnings).
  '/earnings': [true, true],
};

describe('route table (docs/product/i18n-and-modes.md#routes)', () => {
  it('has every route of the spec, and only those', () => {
    expect(routeTable.map((r) => r.path).sort()).toEqual(Object.keys(spec).sort());
  });

  it.each(Object.entries(spec))('%s shows header=%j / left menu as specified', (path, [header, leftMenu]) => {
    const meta = routeTable.find((r) => r.path === path);
    expect(meta?.header).toBe(header ? true : false);
    expect(meta?.leftMenu).toBe(leftMenu);
    if (header) expect(meta?.headerType).not.toBeNull();
  });

  it('guards the routes the spec marks as guarded', () => {
    for (const name of ['dashboard', 'document', 'Timeline', 'setting', 'pilot'] as const) {
      expect(metaByName(name).guarded).toBe(true);
    }
  });

  it('makes the guide, first-run, mail authentication and pilot pages real, the first-run page signed in only', () => {
    for (const name of ['guide', 'instructionNewRegister', 'mailauth', 'pilot'] as const) {
      expect(metaByName(name).isPlaceholder).toBe(false);
    }
    expect(metaByName('instructionNewRegister').guarded).toBe(true);
    expect(metaByName('mailauth').guarded).toBe(false);
  });

  it('uses the spec header types, calculate shared by both settlement routes', () => {
    expect(metaByName('home').headerType).toBe('home');
    expect(metaByName('Recruitment').headerType).toBe('recruitment');
    expect(metaByName('Timeline').headerType).toBe('timeline');
    expect(metaByName('calculateExpert').headerType).toBe('calculate');
    expect(metaByName('calculateClient').headerType).toBe('calculate');
    expect(metaByName('setting').headerType).toBe('setting');
    expect(metaByName('epic').headerType).toBe('epic');
    expect(metaByName('doclist').headerType).toBe('doclist');
    expect(metaByName('pilot').headerType).toBe('pilot');
  });

  it('registers every table entry in the router with its meta as handle and one shared settlement view', () => {
    const children = routes[0]?.children ?? [];
    for (const meta of routeTable) {
      const route = children.find((c) => c.path === meta.path);
      expect(route?.handle).toBe(meta);
    }
    const expert = children.find((c) => c.path === '/calculate/expert/:id');
    const client = children.find((c) => c.path === '/calculate/client/:id');
    expect(expert?.lazy).toBe(client?.lazy);
  });
});
