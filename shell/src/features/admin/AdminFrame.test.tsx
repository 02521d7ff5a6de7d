/**
 * The console's frame: its role guard (a member sees the 403 page, in Arabic; a supervisor sees it
 * on an administrator's screen) and its menu, built from the account's roles (the route table's).
 */
import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureI18n, tokenStore } from '@scholars/shared-contracts';
import type { StaffRole } from '@scholars/shared-contracts/authorization';
import { click, renderRootPerTest } from '@scholars/shared-contracts/testing/render-root';
import { addPageTexts } from '../../i18n/page-texts';
import { addStartTexts } from '../../i18n/start-texts';
import { AdminFrame } from './AdminFrame';

const { render, $, $$ } = renderRootPerTest();

beforeEach(async () => {
  ensureI18n(i18next, 'ar');
  addStartTexts(i18next);
  addPageTexts(i18next);
  await i18next.changeLanguage('ar');
});

// Runs before the root's unmount (after-hooks run in reverse): the signed-out frame renders inside act.
afterEach(() => act(() => tokenStore.getState().clear()));

async function open(path: string, roles: StaffRole[]) {
  // Inside act: a frame already shown re-renders for the new roles.
  act(() => tokenStore.getState().setSession({ accessToken: 'token', user: { id: 1, name: 'هدى', email: 'huda@example.ae', role: 'user', roles } }));
  await render(
    <MemoryRouter key={path} initialEntries={[path]}>
      <Routes>
        <Route path="/admin" element={<AdminFrame><p data-testid="screen">home</p></AdminFrame>} />
        <Route path="/admin/users" element={<AdminFrame><p data-testid="screen">users</p></AdminFrame>} />
        <Route path="/admin/review" element={<AdminFrame><p data-testid="screen">review</p></AdminFrame>} />
        <Route path="/admin/newsletter/subscribers" element={<AdminFrame><p data-testid="screen">subscribers</p></AdminFrame>} />
        <Route path="/admin/users/:id" element={<AdminFrame><p data-testid="screen">user</p></AdminFrame>} />
      </Routes>
    </MemoryRouter>,
  );
}

const menu = () => $$('[data-testid="admin-nav"] a').map((link) => link.getAttribute('href'));

describe('operator console frame', () => {
  it('shows a member the 403 page, in Arabic, and no screen', async () => {
    await open('/admin', []);
    expect($('[data-testid="forbidden"]')?.textContent).toContain('لا تملك صلاحية الوصول إلى هذه الصفحة');
    expect($('[data-testid="screen"]')).toBeNull();
    expect($('[data-testid="admin-nav"]')).toBeNull();
  });

  it("refuses a supervisor an administrator's screen, and lists only their own", async () => {
    await open('/admin/users', ['supervisor']);
    expect($('[data-testid="forbidden"]')).not.toBeNull();
    await open('/admin', ['supervisor']);
    expect($('[data-testid="screen"]')?.textContent).toBe('home');
    expect(menu()).toEqual(['/admin', '/admin/supervision']);
  });

  it('lists every screen for an administrator and renders the one asked for', async () => {
    await open('/admin/users', ['admin']);
    expect($('[data-testid="screen"]')?.textContent).toBe('users');
    expect(menu()).toEqual(expect.arrayContaining(['/admin/review', '/admin/users', '/admin/audit-log', '/admin/outbox']));
    expect($('[data-testid="admin-nav-adminUsers"]')?.textContent).toBe('المستخدمون');
    expect($('[data-testid="admin-nav-adminUsers"]')?.getAttribute('aria-current')).toBe('page');
  });

  it('folds the menu behind one button below the large breakpoint, naming the screen open', async () => {
    await open('/admin/users', ['admin']);
    const toggle = $('[data-testid="admin-nav-toggle"]')!;
    const list = $('#admin-nav-list')!;
    expect(toggle.textContent).toContain('المستخدمون');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(list.className.split(' ')).toContain('hidden');
    expect(list.className).toContain('lg:flex');
    await click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(list.className.split(' ')).not.toContain('hidden');
  });

  it('marks one menu entry as the current page: the longest the path is at or under', async () => {
    const current = () => $$('[data-testid="admin-nav"] a[aria-current="page"]').map((link) => link.getAttribute('href'));
    await open('/admin/newsletter/subscribers', ['admin']);
    expect(menu()).toEqual(expect.arrayContaining(['/admin/newsletter', '/admin/newsletter/subscribers']));
    expect(current()).toEqual(['/admin/newsletter/subscribers']);
    await open('/admin/users/7', ['admin']);
    expect(current()).toEqual(['/admin/users']);
    await open('/admin', ['admin']);
    expect(current()).toEqual(['/admin']);
  });
});
