/** The avatar without a picture: initials that read as initials in both scripts, the name as its label. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { $, render, setUp, tearDown } from '../test/harness';
import { Avatar } from './Avatar';

beforeEach(() => setUp('ar'));
afterEach(tearDown);

describe('Avatar', () => {
  it('shows an Arabic name’s initials apart, without its title', async () => {
    await render(<Avatar path={null} name="د. خالد النعيمي" alt="د. خالد النعيمي" />);
    const disc = $('[data-testid="avatar-initials"]')!;
    expect(disc.textContent).toBe('خ\u202Fن');
    expect(disc.getAttribute('aria-label')).toBe('د. خالد النعيمي');
    await render(<Avatar path={null} name="مريم الاختبار" alt="" />);
    expect($('[data-testid="avatar-initials"]')!.textContent).toBe('م\u202Fا');
    await render(<Avatar path={null} name="Omar Khalid" alt="" />);
    expect($('[data-testid="avatar-initials"]')!.textContent).toBe('OK');
  });
});
