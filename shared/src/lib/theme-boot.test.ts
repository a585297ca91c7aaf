import { THEME_STORAGE_KEY } from '@blogstream/shared/contract/browser';
import { THEME_BOOT_SCRIPT } from '@blogstream/shared/lib';

// What the browser does with the inline script of the shell page before it paints.
const boot = () => new Function(THEME_BOOT_SCRIPT)() as void;

beforeEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.theme;
});

describe('the theme boot script', () => {
  it.each(['light', 'dark'])('shows a kept %s theme before the first paint', (kept) => {
    localStorage.setItem(THEME_STORAGE_KEY, kept);
    boot();
    expect(document.documentElement.dataset.theme).toBe(kept);
  });

  it('leaves the system to decide when nothing, or nothing valid, is kept', () => {
    boot();
    localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    boot();
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });

  it('survives storage that refuses to be read (the system decides)', () => {
    const getItem = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(boot).not.toThrow();
    expect(document.documentElement.dataset.theme).toBeUndefined();
    getItem.mockRestore();
  });
});
