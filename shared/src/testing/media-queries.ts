/**
 * Makes every media query match, as on a phone-sized screen (xs/sm) whose system theme is dark:
 * jsdom has no `matchMedia`. The test set-up (config/jest.setup.ts) takes it away after each test.
 */
export function matchEveryMediaQuery(): void {
  Object.assign(window, {
    matchMedia: (query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }),
  });
}
