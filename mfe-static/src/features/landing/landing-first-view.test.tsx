import { render } from './landing-first-view';

describe("the landing page's first view", () => {
  const html = render();

  it('is the landing page as HTML, with its styles, before any script runs', () => {
    expect(html).toMatch(/^<div data-first-view="landing" inert><style>/);
    expect(html).toContain('The best engineering blogs, in one place');
    expect(html).toContain('Start Reading');
    expect(html).toMatch(/<a href="\/topic\/Security"[^>]*>Security<\/a>/);
    expect(html).toContain('{max-width:960px;');
  });

  it("leaves out styled-components' own rehydration marks", () => {
    expect(html).not.toContain('data-styled');
    expect(html).not.toContain('/*!sc*/');
  });
});
